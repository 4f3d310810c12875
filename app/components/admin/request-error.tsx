import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { refusalOf } from "#app/utils/refusal";
import { AdminTitle } from "./admin-shell";
import { FAILED_ACTION_MESSAGE, FAILED_ACTION_TITLE, FailureCode, isFailedAction } from "#app/utils/failure";

// What the inbox pages show when they fail: the 404 of an unknown request, or
// the spec's "Erro ao carregar" with a way to try again.
export function RequestErrorState({ error, title, listPath }: { error: unknown; title: string; listPath: string }) {
  const location = useLocation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refused post (a form that could not be read): its message. Nothing is
  // logged here: the server logged the error where it happened
  // (server/failure-answer.ts), under the request id FailureCode prints.
  const refused = refusalOf(error);
  return (
    <>
      <AdminTitle title={title} />
      <div role="alert" className="rounded-xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
        <p className="text-lg font-semibold text-slate-900">
          {notFound
            ? "Solicitação não encontrada"
            : refused
              ? refused.title
              : isFailedAction(error)
                ? FAILED_ACTION_TITLE
                : "Erro ao carregar"}
        </p>
        <p className="mt-2 text-slate-600">
          {notFound
            ? "Ela pode ter sido removida, ou o endereço está incorreto."
            : refused
              ? refused.message
              : isFailedAction(error)
                ? FAILED_ACTION_MESSAGE
                : "Não foi possível carregar as solicitações. Tente novamente em instantes."}
        </p>
        <FailureCode error={error} />
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {notFound ? null : (
            <a
              href={`${location.pathname}${location.search}`}
              className="rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Tentar novamente
            </a>
          )}
          <Link
            to={listPath}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Voltar para a lista
          </Link>
        </div>
      </div>
    </>
  );
}
