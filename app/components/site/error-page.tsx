import { Link, isRouteErrorResponse } from "react-router";
import { BUSY_MESSAGE, BUSY_TITLE, isBusyResponse } from "#app/utils/database-busy";
import { FAILED_ACTION_MESSAGE, FAILED_ACTION_TITLE, FailureCode, isFailedAction } from "#app/utils/failure";
import { refusalOf } from "#app/utils/refusal";

// What a visitor sees when a page fails: the spec's 404 texts, "busy" when the
// database stayed locked (503), or a calm message for anything else (details
// stay in the server log, under the request id the page prints:
// server/failure-answer.ts).
export function ErrorPage({
  error,
  notFoundTitle,
  notFoundText,
}: {
  error: unknown;
  notFoundTitle?: string;
  notFoundText?: string;
}) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const busy = isBusyResponse(error);
  const refused = busy ? null : refusalOf(error);
  const failedAction = isFailedAction(error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-bold text-gold-500">
        {notFound ? "404" : busy ? "503" : refused ? refused.status : "Erro"}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-brand-800">
        {notFound
          ? (notFoundTitle ?? "Página não encontrada")
          : busy
            ? BUSY_TITLE
            : refused
              ? refused.title
              : failedAction
                ? FAILED_ACTION_TITLE
                : "Não foi possível carregar esta página"}
      </h1>
      <p className="mt-4 text-balance text-slate-600">
        {notFound
          ? (notFoundText ?? "O endereço que você acessou não existe ou foi alterado.")
          : busy
            ? BUSY_MESSAGE
            : refused
              ? refused.message
              : failedAction
                ? FAILED_ACTION_MESSAGE
                : "Ocorreu um erro inesperado. Tente novamente em instantes."}
      </p>
      <FailureCode error={error} />
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Voltar ao início
        </Link>
        <Link
          to="/imoveis"
          className="rounded-md border border-brand-800 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Ver imóveis
        </Link>
      </div>
    </section>
  );
}
