import { Eye } from "#app/components/ui/icons";
import { EyeOff } from "#app/components/ui/private-icons";
import { useState } from "react";
import { describedBy, inputClass, inputProps, type FieldMeta } from "#app/components/ui/field";
import { useHydrated } from "#app/components/ui/use-hydrated";

// A password input with a show/hide toggle. Without JavaScript it is a plain
// password input: the toggle only appears once the page is hydrated.
export function PasswordInput({ meta, autoComplete }: { meta: FieldMeta; autoComplete: string }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const own = inputProps(meta, { type: "password", ariaDescribedBy: describedBy(meta) });
  return (
    <div className="relative">
      <input
        {...own}
        type={visible ? "text" : "password"}
        autoComplete={autoComplete}
        className={`${inputClass} pr-12`}
      />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Ocultar senha" : "Mostrar senha"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600 hover:text-slate-900"
        >
          {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      ) : null}
    </div>
  );
}
