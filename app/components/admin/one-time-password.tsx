import { CopyButton } from "#app/components/billing/copy-button";

// The password of a client's login, shown once in the action's answer
// (never in a URL or a cookie).
export function OneTimePassword({
  name,
  username,
  password,
}: {
  name: string;
  username?: string | null;
  password: string;
}) {
  return (
    <div
      role="alert"
      data-testid="one-time-password"
      className="mb-6 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200"
    >
      <p>
        Senha de acesso de <strong>{name}</strong>
        {username ? (
          <>
            {" "}
            (usuário <strong>{username}</strong>)
          </>
        ) : null}
        : <code className="rounded bg-white px-2 py-0.5 font-mono text-base">{password}</code>{" "}
        <CopyButton text={password} />
      </p>
      <p className="mt-1 text-sm">Anote e entregue ao cliente: ela não será mostrada de novo.</p>
    </div>
  );
}
