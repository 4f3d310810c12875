import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

// "Voltar para ..." above a back-office form page.
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}
