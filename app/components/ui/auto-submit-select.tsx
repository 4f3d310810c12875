import { useState, type ChangeEvent, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { useHydrated } from "./use-hydrated";

// The select of a one-field POST form (a row's status, a responsible person):
// a Salvar button, so the form works without JavaScript; once hydrated,
// choosing an option submits the form at once and the button goes away. The
// caller renders the <Form> around it (action, hidden fields, busy state).

const selectClass =
  "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
const saveClass =
  "shrink-0 rounded-md bg-brand-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

// The value follows the loader's after each revalidation, and the person's
// choice in between. Once the post this select sent is over, it shows what
// the server answered even when that did not change (a billing past due
// saved as Pendente still reads Em Atraso), as a page reloaded without
// JavaScript does.
function useSyncedValue(current: string) {
  const [seen, setSeen] = useState(current);
  const [value, setValue] = useState(current);
  const [post, setPost] = useState<"none" | "sent" | "under way">("none");
  const navigating = useNavigation().state !== "idle";
  if (seen !== current) {
    setSeen(current);
    setValue(current);
  }
  if (post === "sent" && navigating) setPost("under way");
  if (post === "under way" && !navigating) {
    setPost("none");
    setValue(current);
  }
  const sent = () => setPost("sent");
  return [value, setValue, sent] as const;
}

type Props = {
  id: string;
  name: string;
  value: string;
  /** Shown above the select with `showLabel`, otherwise read by screen readers only. */
  label: string;
  showLabel?: boolean;
  /** What "Salvar" saves, for screen readers ("status"). */
  saves: string;
  /** Whether choosing this value submits at once (default: any value). */
  submitWhen?: (value: string) => boolean;
  className?: string;
  children: ReactNode;
};

export function AutoSubmitSelect({
  id,
  name,
  value: current,
  label,
  showLabel,
  saves,
  submitWhen,
  className = "",
  children,
}: Props) {
  const hydrated = useHydrated();
  const [value, setValue, sent] = useSyncedValue(current);
  function onChange(e: ChangeEvent<HTMLSelectElement>) {
    const chosen = e.currentTarget.value;
    setValue(chosen);
    if (hydrated && (submitWhen?.(chosen) ?? true)) {
      sent();
      e.currentTarget.form?.requestSubmit();
    }
  }
  return (
    <>
      <label htmlFor={id} className={showLabel ? "mb-1 block text-sm font-medium text-slate-800" : "sr-only"}>
        {label}
      </label>
      <div className={`flex items-center gap-2 ${className}`}>
        <select id={id} name={name} value={value} onChange={onChange} className={selectClass}>
          {children}
        </select>
        {hydrated ? null : (
          <button type="submit" className={saveClass}>
            Salvar<span className="sr-only"> {saves}</span>
          </button>
        )}
      </div>
    </>
  );
}
