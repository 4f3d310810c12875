import { Outlet } from "react-router";
import { SiteFooter } from "#app/components/site/footer";
import { SiteHeader } from "#app/components/site/header";
import { WhatsAppButton } from "#app/components/site/whatsapp-button";
import { ErrorPage } from "#app/components/site/error-page";
import type { Route } from "./+types/layout";

// A public page is always a whole document from the server, never rendered in
// the browser (docs/decisions/0046): a link to one from a page that runs React
// (the back office, the client area) loads it as a document. A middleware,
// not a clientLoader: a route with a clientLoader and no loader would be
// rendered on the server as its fallback.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ request }) => {
    window.location.assign(request.url);
    return new Promise<never>(() => {});
  },
];

// The shared frame of every public page (docs/product.md §Moldura).
export default function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <SiteHeader />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <WhatsAppButton />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="conteudo" className="flex-1">
        <ErrorPage error={error} />
      </main>
      <SiteFooter />
    </div>
  );
}
