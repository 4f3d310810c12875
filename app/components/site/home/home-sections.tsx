import { ArrowRight, Home, KeyRound, Sparkles } from "#app/components/ui/icons";
import { Link } from "react-router";
import { ANY_PRICE, CATEGORIES, HOME_SEARCH_TYPES, NEIGHBORHOODS, PRICE_RANGES } from "#app/models/properties/options";
import { inputClass } from "#app/components/ui/field";

export function CategoryGrid() {
  return (
    <section aria-labelledby="categorias-title" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="categorias-title" className="text-3xl font-bold text-brand-800">
        Categorias
      </h2>
      <p className="mt-2 text-slate-600">Escolha por onde começar.</p>
      <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3">
        {CATEGORIES.map((c) => (
          <li key={c.slug}>
            <Link
              to={c.path}
              className="group relative block aspect-[3/2] overflow-hidden rounded-xl bg-brand-800 shadow-sm"
            >
              <img
                src={`/images/categories/${c.slug}.webp`}
                alt=""
                width={600}
                height={400}
                loading="lazy"
                className="size-full object-cover opacity-90 transition duration-300 group-hover:scale-105"
              />
              <span className="absolute inset-0 bg-gradient-to-t from-brand-900/90 via-brand-900/30 to-transparent" />
              <span className="absolute inset-x-0 bottom-0 p-3 text-base font-semibold text-white md:p-4 md:text-lg">
                {c.shortName}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

// "Encontre seu Imóvel": a GET form to /imoveis. Without JavaScript the "all"
// values travel in the URL and the list ignores them; with it they are left
// out of the URL (docs/product.md §Início, 2; home-sections.enhance.ts).
export function HomeSearch() {
  const selectClass = `${inputClass} appearance-auto`;
  return (
    <section aria-labelledby="busca-title" className="relative z-10 mx-auto mt-6 max-w-5xl px-4 md:-mt-10">
      <div className="rounded-xl bg-white p-6 shadow-xl ring-1 ring-slate-200">
        <h2 id="busca-title" className="text-2xl font-bold text-brand-800">
          Encontre seu Imóvel
        </h2>
        <form method="get" action="/imoveis" className="mt-4 grid gap-4 md:grid-cols-4" data-home-search>
          <div>
            <label htmlFor="home-type" className="mb-1 block text-sm font-medium text-slate-800">
              Tipo
            </label>
            <select id="home-type" name="type" defaultValue="all" className={selectClass}>
              <option value="all">Todos os tipos</option>
              {HOME_SEARCH_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="home-neighborhood" className="mb-1 block text-sm font-medium text-slate-800">
              Bairro
            </label>
            <select id="home-neighborhood" name="neighborhood" defaultValue="all" className={selectClass}>
              <option value="all">Todos os bairros</option>
              {NEIGHBORHOODS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="home-price" className="mb-1 block text-sm font-medium text-slate-800">
              Faixa de preço
            </label>
            <select id="home-price" name="priceRange" defaultValue={ANY_PRICE} className={selectClass}>
              <option value={ANY_PRICE}>Qualquer valor</option>
              {Object.entries(PRICE_RANGES).map(([value, r]) => (
                <option key={value} value={value}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end">
            <button
              type="submit"
              className="w-full rounded-md bg-brand-800 px-5 py-2.5 text-base font-semibold text-white hover:bg-brand-700"
            >
              Buscar
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

export function QuickButtons() {
  const items = [
    { to: "/imoveis?advertised_for=COMPRA", label: "COMPRAR", icon: Home },
    { to: "/imoveis?advertised_for=LOCA%C3%87%C3%83O", label: "ALUGAR", icon: KeyRound },
    { to: "/imoveis?latest=5", label: "NOVIDADES", icon: Sparkles },
  ];
  return (
    <section aria-labelledby="agilize-title" className="mx-auto max-w-7xl px-4 pt-12">
      <h2 id="agilize-title" className="text-center text-xl font-semibold text-slate-800">
        Agilize sua busca
      </h2>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {items.map(({ to, label, icon: Icon }) => (
          <Link
            key={label}
            to={to}
            className="inline-flex min-w-40 items-center justify-center gap-2 rounded-full border-2 border-brand-800 px-6 py-3 font-bold tracking-wide text-brand-800 transition hover:bg-brand-800 hover:text-white"
          >
            <Icon className="size-5" /> {label}
          </Link>
        ))}
      </div>
    </section>
  );
}

const reasons = [
  {
    fact: "Três Lagoas é um dos maiores polos de produção de celulose do mundo, o que atrai empresas, empregos e novos moradores.",
    source: "Prefeitura Municipal de Três Lagoas",
  },
  {
    fact: "A população da cidade cresceu quase 30% entre os Censos de 2010 e 2022, passando de 132 mil habitantes.",
    source: "IBGE, Censo Demográfico 2022",
  },
  {
    fact: "O financiamento habitacional pode ser pago em até 35 anos, com parcelas que cabem no orçamento da família.",
    source: "Caixa Econômica Federal",
  },
  {
    fact: "O programa Minha Casa, Minha Vida oferece subsídios e juros reduzidos para famílias de baixa e média renda.",
    source: "Ministério das Cidades",
  },
  {
    fact: "O saldo do FGTS pode ser usado na entrada, para amortizar parcelas ou para quitar o imóvel próprio.",
    source: "Caixa Econômica Federal, FGTS",
  },
];

export function MarketReasons() {
  return (
    <section aria-labelledby="mercado-title" className="bg-brand-800 py-16 text-white">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="mercado-title" className="text-3xl font-bold">
          Por que investir em imóveis em Três Lagoas?
        </h2>
        <p className="mt-2 max-w-2xl text-slate-200">
          Fatos que mostram o momento da cidade e as facilidades para comprar o seu imóvel.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-6">
          {reasons.map((r, i) => (
            <li
              key={r.source + i}
              className={`rounded-xl bg-white/10 p-6 ring-1 ring-white/15 ${i < 3 ? "md:col-span-2" : "md:col-span-3"}`}
            >
              <p className="text-3xl font-bold text-gold-400">{String(i + 1).padStart(2, "0")}</p>
              <p className="mt-3 leading-relaxed">{r.fact}</p>
              <p className="mt-4 text-sm text-slate-300">Fonte: {r.source}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link
            to="/imoveis"
            className="inline-flex items-center gap-2 rounded-md bg-gold-500 px-6 py-3 font-semibold text-brand-900 hover:bg-gold-400"
          >
            Ver imóveis disponíveis <ArrowRight aria-hidden className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  );
}
