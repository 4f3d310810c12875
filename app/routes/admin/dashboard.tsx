import {
  Building2,
  FileSpreadsheet,
  Image,
  Inbox,
  Megaphone,
  ScrollText,
  Star,
  Users,
} from "#app/components/ui/private-icons";
import { Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { AttentionBlock } from "#app/components/admin/attention-block";
import { getDb } from "#app/db/db.server";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { getAttention } from "#app/models/dashboard/attention.server";
import { loadDashboardCounts } from "#app/models/dashboard/counts.server";
import { staffContext } from "#app/utils/staff-context";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  const [counts, attention] = await Promise.all([loadDashboardCounts(getDb()), getAttention(getDb())]);
  return { name: user.name, counts, attention, pixConfigured: getChargingSettings().pix !== null };
}

function Card({
  to,
  icon: Icon,
  title,
  lines,
}: {
  to?: string;
  icon: typeof Building2;
  title: string;
  lines: string[];
}) {
  const body = (
    <>
      <Icon aria-hidden className="size-8 text-brand-700" />
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
      {lines.map((l) => (
        <p key={l} className="text-sm text-slate-600">
          {l}
        </p>
      ))}
    </>
  );
  return to ? (
    <Link
      to={to}
      className="block rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-600"
    >
      {body}
    </Link>
  ) : (
    <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">{body}</div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, name } = loaderData;
  return (
    <>
      <AdminTitle title={`Olá, ${name}`} />
      <AttentionBlock attention={loaderData.attention} pixConfigured={loaderData.pixConfigured} />
      <section aria-labelledby="site">
        <h2 id="site" className="mb-3 text-sm font-bold tracking-wider text-slate-600">
          SITE
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Card
            to="/admin/banners"
            icon={Image}
            title="Banners"
            lines={[`${counts.activeBanners} de 3 banners ativos`]}
          />
          <Card
            to="/admin/properties"
            icon={Building2}
            title="Imóveis"
            lines={[`${counts.properties} imóveis`, `${counts.featured} em destaque`]}
          />
          <Card
            to="/admin/listings"
            icon={Megaphone}
            title="Solicitações de Anúncio"
            lines={[`${counts.pendingOwnerRequests} pendentes`]}
          />
          <Card to="/admin/requests" icon={Inbox} title="Imóveis Ideais" lines={[`${counts.pendingIdeal} pendentes`]} />
          <Card
            to="/admin/properties?aba=destaques"
            icon={Star}
            title="Destaques"
            lines={[`${counts.featured} imóveis na home`]}
          />
        </div>
      </section>
      <section aria-labelledby="cliente" className="mt-8">
        <h2 id="cliente" className="mb-3 text-sm font-bold tracking-wider text-slate-600">
          ÁREA DO CLIENTE
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Card to="/admin/clients" icon={Users} title="Clientes" lines={[`${counts.clients} clientes com login`]} />
          <Card
            to="/admin/indices"
            icon={FileSpreadsheet}
            title="Índices"
            lines={["Taxas mensais para o reajuste anual"]}
          />
          <Card
            to="/admin/repasses"
            icon={ScrollText}
            title="Repasses"
            lines={["Extratos e repasses aos proprietários"]}
          />
          <Card
            to="/admin/dimob"
            icon={FileSpreadsheet}
            title="DIMOB"
            lines={["Declaração anual dos aluguéis à Receita"]}
          />
        </div>
      </section>
    </>
  );
}
