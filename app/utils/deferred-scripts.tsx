import { useEffect, useState } from "react";
import { Scripts, useMatches } from "react-router";

// The public site's pages paint before their scripts (docs/decisions/0045-slow-phone.md).
//
// React Router's <Scripts> writes the page's modules as <link rel="modulepreload">
// (which React moves into <head>) and one inline module script: on a slow phone
// the browser fetches ~120 KB of JavaScript from the first bytes of the page,
// beside the banner photo, for behaviours that all have a plain-HTML path.
// Here the same output is written inside <noscript>: with JavaScript on, the
// browser reads it as text and fetches nothing (React does not render a
// noscript's children on the client either); with JavaScript off it is inert.
// A small inline script right after it puts those elements back, unchanged:
// at once the classic script that hands the server's data to React Router (the
// data chunks written after it feed its stream), and the modules once the page
// has loaded (its photos included) and the frame after that was painted, or at
// the visitor's first touch or key, whichever comes first. The inline scripts keep their text, so the page
// cache's CSP hashes (server/page-cache.ts) and the per-request nonce still
// allow them.
const HOLDER_ID = "rr-scripts";
// A control whose click means something only with JavaScript (a photo that
// opens the lightbox, the share button) carries data-awaits-scripts: a click
// before the scripts have run starts them, and is made again once the page is
// hydrated, instead of following the plain link or doing nothing.
// Dispatched on window once the document is hydrated (below).
export const HYDRATED_EVENT = "app:hydrated";
// If the scripts have not hydrated the page by then (a network that lost
// them), the waiting click is made without them: the plain link is followed.
const GIVE_UP_MS = 8000;

const LOADER = `(function(){
var nonce=document.currentScript&&document.currentScript.nonce,started=false,hydrated=false,pending=null,later=[];
var t=document.createElement("template");
t.innerHTML=document.getElementById("${HOLDER_ID}").textContent;
t.content.querySelectorAll("link,script").forEach(function(old){
var el=document.createElement(old.localName);
for(var i=0;i<old.attributes.length;i++)el.setAttribute(old.attributes[i].name,old.attributes[i].value);
if(old.localName!=="script"){later.push(el);return}
el.textContent=old.textContent;if(nonce)el.nonce=nonce;
if(el.type==="module")later.push(el);else document.body.appendChild(el);
});
function start(){
if(started)return;started=true;
later.forEach(function(el){(el.localName==="link"?document.head:document.body).appendChild(el)});
}
addEventListener("click",function(e){
var el=!hydrated&&e.target.closest&&e.target.closest("[data-awaits-scripts]");
if(!el)return;e.preventDefault();start();
if(!pending)setTimeout(function(){if(pending&&!hydrated){var el=pending;pending=null;hydrated=true;el.click()}},${GIVE_UP_MS});
pending=el;
},true);
addEventListener("${HYDRATED_EVENT}",function(){
hydrated=true;if(pending){var el=pending;pending=null;el.click()}
},{once:true});
["pointerdown","keydown","touchstart"].forEach(function(e){addEventListener(e,start,{once:true,passive:true,capture:true})});
function soon(){requestAnimationFrame(function(){setTimeout(start,0)})}
if(document.readyState==="complete")soon();else addEventListener("load",soon,{once:true});
})();`;

// Public pages are those under the site's layout; the back office and the
// client area (behind a login, interactive from the first click) keep React
// Router's scripts as they are. Chosen once, from the first render: the
// hydrating client must render the same tree the server did, and a later
// navigation must not bring the scripts back as elements.
export function PageScripts({ nonce }: { nonce?: string }) {
  const matches = useMatches();
  const [deferred] = useState(() => matches.some((m) => m.id === "routes/site/layout"));
  // A click made before the scripts arrived waits for this.
  useEffect(() => {
    dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  if (!deferred) return <Scripts nonce={nonce} />;
  return (
    <>
      <noscript id={HOLDER_ID}>
        <Scripts nonce={nonce} />
      </noscript>
      {/* The browser keeps the server's text (React does not compare a script's
          inner HTML when hydrating): its bundle need not carry it. */}
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? LOADER : "" }}
      />
    </>
  );
}
