import { Copy } from "#app/components/ui/private-icons";
import { useState } from "react";
import { useHydrated } from "#app/components/ui/use-hydrated";

// Copies a text (a Pix Copia e Cola code; the password shown once in the back
// office). Drawn only
// once JavaScript runs: without it there is no dead button, and the text
// stays selectable beside it.
export function CopyButton({
  text,
  label = "Copiar",
  className = "border-amber-300 bg-white px-2 py-0.5 text-sm hover:bg-amber-100",
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        className={`inline-flex items-center gap-1 rounded border font-medium ${className}`}
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
