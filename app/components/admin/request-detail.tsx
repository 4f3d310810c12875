import { ArrowLeft, Mail, Phone } from "#app/components/ui/icons";
import { MessageCircle } from "#app/components/ui/private-icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { telHref, whatsappHref } from "#app/models/leads/admin/request-status";
import { formatDateTime } from "#app/utils/format-date";
import { AdminTitle } from "./admin-shell";
import { RequestResponsibleForm, RequestStatusForm } from "./request-forms";
import { RequestStatusBadge } from "./request-status-badge";
import { PrivacyNote } from "./privacy-note";

// The detail page shared by both request kinds: the kind's own fields on the
// left, the handling (status, responsible, dates) and its forms on the right.

type RequestDetailRow = {
  id: number;
  name: string;
  status: string;
  resolved_by: string | null;
  created_at: string;
  updated_at: string;
  privacy_notice_at?: string | null;
  anonymized_at?: string | null;
};

export function RequestDetailPage({
  title,
  listPath,
  row,
  staff,
  children,
}: {
  title: string;
  listPath: string;
  row: RequestDetailRow;
  staff: string[];
  children: ReactNode;
}) {
  const here = `${listPath}/${row.id}`;
  return (
    <>
      <Link
        to={listPath}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Voltar para a lista
      </Link>
      <AdminTitle title={title} />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <section aria-label="Dados da solicitação" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>
        </section>
        <aside
          aria-label="Atendimento"
          className="h-fit space-y-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <dl className="grid gap-4">
            <DetailItem label="Status">
              <RequestStatusBadge status={row.status} />
            </DetailItem>
            <DetailItem label="Responsável">
              <span data-testid="request-responsible">{row.resolved_by ?? "—"}</span>
            </DetailItem>
            <DetailItem label="Recebida em">
              <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
            </DetailItem>
            <DetailItem label="Atualizada em">
              <time dateTime={row.updated_at}>{formatDateTime(row.updated_at)}</time>
            </DetailItem>
            <DetailItem label="Privacidade (LGPD)">
              <PrivacyNote row={row} />
            </DetailItem>
          </dl>
          <div className="space-y-4 border-t border-slate-200 pt-5">
            <RequestStatusForm id={row.id} name={row.name} status={row.status} redirectTo={here} showLabel />
            <RequestResponsibleForm
              id={row.id}
              name={row.name}
              resolvedBy={row.resolved_by}
              staff={staff}
              redirectTo={here}
              showLabel
            />
            <p className="text-xs text-slate-600">
              Escolher um responsável marca a solicitação como Resolvido; voltar para outro status limpa o responsável.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}

export function DetailItem({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

// null, undefined and "" show as a dash.
export function orDash(value: ReactNode) {
  return value === null || value === undefined || value === "" ? "—" : value;
}

export function LongText({ text }: { text: string | null }) {
  return text ? <p className="whitespace-pre-line">{text}</p> : <>—</>;
}

export function EmailLink({ email }: { email: string }) {
  // "Tenho interesse" may leave the email empty (a phone is enough).
  if (!email) return <span className="text-slate-500">—</span>;
  return (
    <a
      href={`mailto:${email}`}
      className="inline-flex max-w-full items-start gap-1.5 font-medium text-brand-700 hover:underline"
    >
      <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 break-words">{email}</span>
    </a>
  );
}

// tel: and WhatsApp links for the visitor's phone; the number as typed when
// it has too few digits for either.
export function PhoneLinks({ phone }: { phone: string | null }) {
  if (!phone) return <>—</>;
  const tel = telHref(phone);
  const wa = whatsappHref(phone);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {tel ? (
        <a href={tel} className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
          <Phone aria-hidden className="size-4 shrink-0" />
          {phone}
        </a>
      ) : (
        phone
      )}
      {wa ? (
        <a
          href={wa}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-medium text-emerald-700 hover:underline"
        >
          <MessageCircle aria-hidden className="size-4 shrink-0" />
          WhatsApp<span className="sr-only"> de {phone} (abre em nova aba)</span>
        </a>
      ) : null}
    </span>
  );
}
