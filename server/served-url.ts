// The address a browser on this machine reaches the server at, from the
// HOST and PORT it listens on: what server.ts prints when it starts, and
// what `npm run demo` prints its logins with (and takes as APP_URL when none
// is set). A server listening on every interface is reached at localhost.
export function servedUrl(env: { HOST?: string; PORT?: string | number }) {
  const host = env.HOST?.trim() || "0.0.0.0";
  const port = String(env.PORT ?? "").trim() || "3000";
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
