import { AsyncLocalStorage } from "node:async_hooks";

// The server's log: one JSON object per line, in English, each with a stable
// event name (docs/decisions/0030-failure-path-and-log.md).
//
//   {"time":"…","level":"warn","event":"db.busy","requestId":"…","waitedMs":3001}
//
// - info goes to stdout, warn and error to stderr (what a container runtime
//   or journald collects either way);
// - a line written while a request is being answered carries its id
//   (`requestId`, also sent back as X-Request-Id): server/access-log.ts opens
//   the request's context, and everything that runs for it (middleware, React
//   Router, models, the database layer) finds it here without passing it on;
// - an Error in the fields becomes its name, message, stack, code and cause;
// - no personal data: callers pass ids, counts and reasons, never names,
//   emails, CPFs or request bodies; as a safety net for text we do not write
//   ourselves (an error's message), email addresses and CPF/CNPJ numbers are
//   masked in every string of the line.

export type RequestContext = {
  requestId: string;
  // The signed-in account's role once the session was read ("master",
  // "admin", "client"), else "anonymous"; never who it is.
  role: string;
};

// server.js and React Router's build each bundle their own copy of this module
// (and Vite loads another in development): the store is kept on globalThis so
// that every copy in the process shares one.
const STORE = Symbol.for("imobiliaria.log.request-context");
const slot = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<RequestContext> };
const storage = (slot[STORE] ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

// Called where the session is read (app/utils/auth.server.ts).
export function noteRequestRole(role: string) {
  const context = storage.getStore();
  if (context) context.role = role;
}

// Personal data that may hide in text we do not control.
const EMAIL = /[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}/gu;
const CNPJ = /(?<![\d.])\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}(?![\d.])/g;
const CPF = /(?<![\d.])\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?![\d.])/g;
const MAX_STRING = 4000;

export function scrub(text: string) {
  const masked = text.replace(EMAIL, "[email]").replace(CNPJ, "[cnpj]").replace(CPF, "[cpf]");
  return masked.length > MAX_STRING ? `${masked.slice(0, MAX_STRING)}…` : masked;
}

type SerializedError = { name: string; message: string; stack?: string; code?: unknown; cause?: unknown };

function serializeError(error: Error, depth: number): SerializedError {
  const out: SerializedError = { name: error.name, message: error.message };
  if (error.stack) out.stack = error.stack;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (error.cause !== undefined && depth < 3)
    out.cause = error.cause instanceof Error ? serializeError(error.cause, depth + 1) : String(error.cause);
  return out;
}

// The replacer applies to every value: errors become plain objects (their
// strings are then visited too), strings are scrubbed.
function replacer(this: unknown, key: string, value: unknown) {
  if (value instanceof Error) return serializeError(value, 0);
  if (typeof value === "string") return key === "time" || key === "requestId" ? value : scrub(value);
  if (typeof value === "bigint") return value.toString();
  return value;
}

export type LogFields = Record<string, unknown>;
export type LogLevel = "info" | "warn" | "error";

function write(level: LogLevel, event: string, fields?: LogFields) {
  const context = storage.getStore();
  const line = {
    time: new Date().toISOString(),
    level,
    event,
    ...(context ? { requestId: context.requestId } : {}),
    ...fields,
  };
  let text: string;
  try {
    text = JSON.stringify(line, replacer);
  } catch {
    // A cycle or a throwing getter in the fields: the event still shows.
    text = JSON.stringify(
      { time: line.time, level, event, requestId: context?.requestId, unserializable: true },
      replacer,
    );
  }
  (level === "info" ? process.stdout : process.stderr).write(`${text}\n`);
}

export const log = {
  info: (event: string, fields?: LogFields) => write("info", event, fields),
  warn: (event: string, fields?: LogFields) => write("warn", event, fields),
  error: (event: string, fields?: LogFields) => write("error", event, fields),
};

// The first line of an error's message, for one-line refusals.
export function reasonOf(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0].slice(0, 300);
}

// What the access log shows of a request target: the path, with the token of
// a password-reset link replaced, and the names of the query parameters
// without their values (`/imoveis?cidade=&pagina=`): a search may hold what a
// visitor typed, a link may hold a token.
const TOKEN_PATHS = /^(\/admin\/password-recovery|\/client-login\/recuperar-senha)\/[^/?]+/i;
const MAX_PATH = 200;
const MAX_NAMES = 30;

export function loggedPath(target: string) {
  const q = target.indexOf("?");
  let pathname = (q === -1 ? target : target.slice(0, q)).replace(TOKEN_PATHS, "$1/:token");
  if (pathname.length > MAX_PATH) pathname = `${pathname.slice(0, MAX_PATH)}…`;
  if (q === -1) return pathname;
  const pairs = target
    .slice(q + 1)
    .split("&")
    .filter(Boolean);
  const names = pairs.slice(0, MAX_NAMES).map((pair) => `${pair.split("=")[0].slice(0, 50)}=`);
  if (pairs.length > MAX_NAMES) names.push("…");
  return `${pathname}?${names.join("&")}`;
}
