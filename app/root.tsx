import { useEffect } from "react";
import { Links, Meta, Outlet, data, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { ToastView } from "./components/ui/toast";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, BUSY_TITLE, isBusyResponse } from "./utils/database-busy";
import { getAgency, getEnv } from "./utils/env.server";
import { FailureCode } from "./utils/failure";
import { refusalOf } from "./utils/refusal";
import { NONCE_HEADER } from "./utils/request-headers";
import { readToast } from "./utils/toast.server";
import { RootActionDataContext } from "./utils/root-data";
import { idealRequestAction } from "./routes/site/ideal-request.server";
import { Stylesheet } from "./utils/stylesheet";
import { PageScripts } from "./utils/page-scripts";
import { PageIcons } from "./utils/page-icons";

// A 503 (the database stayed locked: server/failure-answer.ts made the
// DatabaseBusyError a 503 answer, rendered by the nearest error boundary)
// tells browsers and proxies when to come back; React Router keeps only the
// cookies of a thrown answer's headers.
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    if (response.status === 503 && !response.headers.has("Retry-After"))
      response.headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return response;
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, setCookie } = await readToast(request);
  return data(
    {
      agency: getAgency(),
      origin: getEnv().appUrl.origin,
      toast,
      nonce: request.headers.get(NONCE_HEADER) ?? undefined,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

// Only "/" reaches root's action (a post without "?index" targets the last
// route with a path, and the site layout has none): the home page's
// ideal-property form, so that a refused post keeps "/" in the address bar.
export async function action({ request, url }: Route.ActionArgs) {
  if (url.pathname !== "/") throw data({ message: "Método não permitido" }, { status: 405 });
  return idealRequestAction(request);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce;
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a44" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Stylesheet />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-800 antialiased">
        <PageIcons>{children}</PageIcons>
        <PageScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData, actionData }: Route.ComponentProps) {
  // Marks the document once React owns it: until then a click on a link is
  // the browser's, and a test that means to drive the app waits for this.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <RootActionDataContext value={actionData}>
        <Outlet />
      </RootActionDataContext>
      {loaderData.toast ? <ToastView key={JSON.stringify(loaderData.toast)} toast={loaderData.toast} /> : null}
    </>
  );
}

// Last resort: something outside the site layout failed. The site's own pages
// render their errors inside the header and footer (routes/site/layout.tsx).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const busy = isBusyResponse(error);
  // A refused request (a form that could not be read): its own short message.
  const refused = refusalOf(error);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">
        {notFound ? "Página não encontrada" : busy ? BUSY_TITLE : refused ? refused.title : "Algo deu errado"}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "O endereço que você acessou não existe."
          : busy
            ? BUSY_MESSAGE
            : refused
              ? refused.message
              : "Ocorreu um erro inesperado. Tente novamente em instantes."}
      </p>
      <FailureCode error={error} />
      <a href="/" className="mt-8 inline-block rounded-md bg-slate-900 px-5 py-3 font-semibold text-white">
        Voltar ao início
      </a>
    </main>
  );
}
