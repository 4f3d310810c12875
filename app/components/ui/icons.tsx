// The site's icons (lucide's drawings) as one SVG sprite: each icon on a page
// is <svg><use href="sprite#Name"/></svg> instead of a full inline copy. The
// home page carried 74 inline SVGs (a third of its HTML, and a large part of
// each render); the sprite is one immutable file the browser caches once.
// Same names and props as lucide-react, so the components read the same.
// app/assets/icons.svg is generated from this list and private-icons.tsx's:
// npm run icons. The icons only the back office, the client area and the
// password pages draw are in private-icons.tsx, which public pages do not
// download.
//
// A public page carries the symbols it uses in its own HTML instead
// (app/utils/page-icons.tsx, docs/decisions/0050): where IconRefsContext is
// given, an icon asks it for its reference.
import { createContext, useContext } from "react";
import spriteUrl from "#app/assets/icons.svg?url";

// The reference for an icon, or undefined for the sprite file.
export type IconRefs = { href(name: string): string | undefined };
export const IconRefsContext = createContext<IconRefs | null>(null);

export type IconProps = { className?: string };

export function icon(name: string) {
  const href = `${spriteUrl}#${name}`;
  function Icon({ className }: IconProps) {
    const refs = useContext(IconRefsContext);
    // Fill, stroke and the rest are on the sprite's <symbol>.
    return (
      <svg width="24" height="24" className={className} aria-hidden="true">
        <use href={refs?.href(name) ?? href} />
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const ArrowLeft = icon("ArrowLeft");
export const ArrowRight = icon("ArrowRight");
export const Award = icon("Award");
export const Bath = icon("Bath");
export const BedDouble = icon("BedDouble");
export const Calculator = icon("Calculator");
export const Calendar = icon("Calendar");
export const Car = icon("Car");
export const CheckCircle2 = icon("CheckCircle2");
export const ChevronDown = icon("ChevronDown");
export const ChevronLeft = icon("ChevronLeft");
export const ChevronRight = icon("ChevronRight");
export const Clock = icon("Clock");
export const ExternalLink = icon("ExternalLink");
export const Eye = icon("Eye");
export const Facebook = icon("Facebook");
export const Handshake = icon("Handshake");
export const Home = icon("Home");
export const Info = icon("Info");
export const Instagram = icon("Instagram");
export const KeyRound = icon("KeyRound");
export const Mail = icon("Mail");
export const MapPin = icon("MapPin");
export const Menu = icon("Menu");
export const Phone = icon("Phone");
export const Ruler = icon("Ruler");
export const Search = icon("Search");
export const SearchX = icon("SearchX");
export const Share2 = icon("Share2");
export const ShowerHead = icon("ShowerHead");
export const SlidersHorizontal = icon("SlidersHorizontal");
export const Sparkles = icon("Sparkles");
export const Tag = icon("Tag");
export const Target = icon("Target");
export const UserRound = icon("UserRound");
export const X = icon("X");
export const XCircle = icon("XCircle");
