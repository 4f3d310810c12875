import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatBRL } from "#app/models/shared/money";

// Pieces of the owner's area (routes/owner/): where it lives, a card, an
// amount with its sign. Client-safe.

export const OWNER_AREA = "/area-do-proprietario";
export const ownerLeaseHref = (clientId: number) => `${OWNER_AREA}/imoveis/${clientId}`;
export const ownerStatementHref = (id: number) => `${OWNER_AREA}/extratos/${id}`;

export function OwnerCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {action ? (
          <Link to={action.to} className="text-sm font-medium text-brand-700 hover:underline">
            {action.label}
          </Link>
        ) : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

// "− R$ 210,00" for what comes off the transfer, "+ R$ ..." for what adds.
export function SignedAmount({ sign, cents }: { sign: "+" | "-" | "="; cents: number }) {
  const text = formatBRL(cents);
  if (sign === "=") return <span className="text-slate-600">{text}</span>;
  return (
    <span className={sign === "-" ? "text-red-800" : "text-slate-900"}>
      {sign === "-" ? "− " : "+ "}
      {text}
    </span>
  );
}
