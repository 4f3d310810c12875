import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { HolidayForm, HolidayTable } from "#app/components/admin/holidays";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { HOLIDAY_MESSAGES, holidaySchema } from "#app/models/calendar/holiday.schema";
import { holidayYears, listHolidays, removeHoliday, saveHoliday } from "#app/models/calendar/holidays.server";
import { localToday } from "#app/models/shared/days";
import { failedWriteAlert } from "#app/utils/failure.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// "Feriados" (docs/decisions/0066-lease-dates.md): the days that are not
// business days for a payment here (national, bank, MS and Três Lagoas), by
// year, as data staff keep. A billing due on one is paid without charges up
// to the next business day; a change reaches the open billings due near it.
export function meta() {
  return [{ title: "Feriados | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const yearOf = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 2000 && n <= 2100 ? n : fallback;
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const thisYear = Number(localToday().slice(0, 4));
  const year = yearOf(url.searchParams.get("ano"), thisYear);
  const db = getDb();
  const days = await listHolidays(db, year);
  const years = await holidayYears(db);
  const editing = days.find((d) => d.day === url.searchParams.get("editar")) ?? null;
  return {
    year,
    days,
    years: [...new Set([...years, thisYear, thisYear + 1, year])].sort(),
    missingNextYear: !years.includes(thisYear + 1) ? thisYear + 1 : null,
    editing,
    constraint: getZodConstraint(holidaySchema),
  };
}

const back = (year: string) => `/admin/feriados?ano=${year}`;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: holidaySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const post = submission.value;
  const year = post.day.slice(0, 4);
  if (post.intent === "remove") {
    const removed = await removeHoliday(getDb(), post.day, actor);
    return redirectWithToast(back(year), {
      type: removed ? "success" : "error",
      title: removed ? HOLIDAY_MESSAGES.removed : HOLIDAY_MESSAGES.missing,
    });
  }
  let regraced: number;
  try {
    regraced = await saveHoliday(getDb(), post, actor);
  } catch (error) {
    // The typed values stay on the page (decision 0053).
    return failedWriteAlert("holiday.save_failed", error, {
      result: submission.reply(),
      alert: HOLIDAY_MESSAGES.saveFailed,
    });
  }
  return redirectWithToast(back(year), {
    type: "success",
    title: HOLIDAY_MESSAGES.saved,
    description:
      regraced > 0
        ? `${post.name}. ${regraced} ${regraced === 1 ? "cobrança em aberto teve" : "cobranças em aberto tiveram"} o prazo sem multa recalculado.`
        : post.name,
  });
}

export default function Holidays({ loaderData, actionData }: Route.ComponentProps) {
  const { year, days, years, missingNextYear, editing, constraint } = loaderData;
  return (
    <div>
      <AdminTitle title="Feriados">
        <Link to="/admin" className={buttonClass("secondary")}>
          Voltar ao Painel
        </Link>
      </AdminTitle>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Uma cobrança que vence em fim de semana ou em um destes dias pode ser paga sem multa nem juros no dia útil
        seguinte (Código Civil, art. 132 §1º; Lei 7.089/1983). Os nacionais, bancários, estaduais e de Três Lagoas de
        2026 a 2028 vieram das fontes indicadas; confira o decreto municipal de cada ano.
      </p>
      {missingNextYear ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          O calendário de {missingNextYear} ainda não foi cadastrado: vencimentos desse ano em feriados não terão o
          prazo estendido.
        </p>
      ) : null}
      <nav aria-label="Anos" className="mb-4 flex flex-wrap gap-2">
        {years.map((y) => (
          <Link
            key={y}
            to={`/admin/feriados?ano=${y}`}
            aria-current={y === year ? "page" : undefined}
            className={buttonClass(y === year ? "primary" : "secondary")}
          >
            {y}
          </Link>
        ))}
      </nav>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <HolidayTable year={year} days={days} />
        <HolidayForm
          key={editing?.day ?? "new"}
          constraint={constraint}
          editing={editing}
          result={actionData?.result}
          alert={actionData?.alert}
        />
      </div>
    </div>
  );
}
