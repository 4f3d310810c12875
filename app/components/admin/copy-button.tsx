import { Copy } from "#app/components/ui/private-icons";
import { useState } from "react";

// Copies a text (a password shown once). Without JavaScript the text stays
// selectable beside it.
export function CopyButton({ text, label = "Copiar" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded border border-amber-300 bg-white px-2 py-0.5 text-sm font-medium hover:bg-amber-100"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setState("copied");
          } catch {
            setState("failed");
          }
        }}
      >
        <Copy aria-hidden className="size-3.5" /> {label}
      </button>
      <span role="status" className="text-sm">
        {state === "copied"
          ? "Copiado!"
          : state === "failed"
            ? "Não foi possível copiar para a área de transferência."
            : ""}
      </span>
    </>
  );
}

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
