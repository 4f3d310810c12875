// The benchmark's mixed scenario: what a busy hour of the site looks like,
// squeezed. Visitors browse the public pages (one request in ten is one of the
// site's forms, filled in and sent as a person would), a few staff members
// browse the back office, and one of them saves a property every few seconds.
// Every request's latency is recorded (autocannon's own histogram keeps only
// 2xx answers, and the form posts answer redirects), with its kind, so the
// figures cover the whole traffic.
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { OWNER_PROPERTY_TYPES } from "#app/models/properties/options";
import { fillForm, findForm, postPath, urlEncoded, type HtmlForm } from "./html-form";
import { saveProperty } from "./staff-session";

export type MixedOptions = {
  base: string;
  databasePath: string;
  seconds: number;
  connections: number; // all of them, staff included
  staffConnections: number;
  postEvery: number; // one visitor request in `postEvery` is a form post
  saveEverySeconds: number;
  publicPaths: string[]; // drawn at random; repeat a path to weigh it
  postPages: string[]; // pages whose visitor form is posted
  staffPaths: string[];
  saveIds: number[]; // properties the staff member saves, in turn
  cookie: string; // the staff session
};

export const KINDS = {
  visitGet: "visitante: páginas",
  visitPost: "visitante: formulários",
  staffGet: "equipe: páginas do painel",
  staffSave: "equipe: salvar imóvel",
} as const;
type Kind = keyof typeof KINDS;

export const ERROR_KINDS = {
  connection: "conexão",
  timeout: "tempo esgotado",
  server: "5xx",
  client: "4xx",
  unexpected: "status inesperado",
  notStored: "formulário não gravado",
} as const;
type ErrorKind = keyof typeof ERROR_KINDS;

type KindStats = { latencies: number[]; errors: number };

export type MixedResult = {
  seconds: number;
  connections: number;
  staffConnections: number;
  kinds: Record<Kind, KindStats>;
  errors: Record<ErrorKind, number>;
  timeoutSeconds: number;
  unanswered: number; // still waiting when the run stopped (in the latencies with the time waited)
  postsAccepted: number;
  postsStored: number;
  saves: number;
  saveFailures: string[];
  // hit: from the cache; shared: waited for another request's render of the
  // same page (no render of its own); miss: rendered.
  cache: { hit: number; shared: number; miss: number; none: number };
};

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join("");

// Visitors: names and addresses may repeat, as they do in an inbox.
const FIRST = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elisa",
  "Fábio",
  "Gabriela",
  "Heitor",
  "Isabela",
  "João",
  "Larissa",
  "Marcos",
];
const LAST = ["Silva", "Souza", "Oliveira", "Pereira", "Almeida", "Costa", "Ribeiro", "Martins", "Araújo", "Barbosa"];
const WISHES = [
  "Casa com 3 quartos no Jardim Alvorada, até R$ 500 mil, com quintal.",
  "Apartamento de 2 quartos perto do Centro, com vaga coberta.",
  "Terreno plano para construir, até R$ 200 mil.",
  "Sala comercial com banheiro, perto da Lagoa Maior.",
];
const STREETS = [
  "Rua Paranaíba",
  "Avenida Rosário Congro",
  "Rua Elmano Soares",
  "Rua João Carrato",
  "Avenida Capitão Olinto Mancini",
];

function visitor() {
  const first = pick(FIRST);
  const last = pick(LAST);
  const slug = `${first}.${last}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  return {
    name: `${first} ${last}`,
    email: `${slug}${digits(3)}@example.com.br`,
    phone: `(67) 9${digits(4)}-${digits(4)}`,
  };
}

// What a person types into each of the site's visitor forms (the page's own
// hidden fields, the privacy notice and the empty honeypot, stay as rendered).
const FILLERS: { id: string; fill: () => Record<string, string> }[] = [
  {
    id: "interest", // "Tenho interesse" of a property page; its message comes prefilled
    fill: (): Record<string, string> => {
      const v = visitor();
      // The phone, the email or both, as the form asks for at least one.
      const roll = Math.random();
      return roll < 0.4
        ? { name: v.name, phone: v.phone }
        : roll < 0.6
          ? { name: v.name, email: v.email }
          : { name: v.name, phone: v.phone, email: v.email };
    },
  },
  {
    id: "ideal-property", // the home page's "imóvel ideal"
    fill: () => {
      const v = visitor();
      return { name: v.name, email: v.email, phone: v.phone, idealProperty: pick(WISHES) };
    },
  },
  {
    id: "owner-request", // /anunciar-imovel
    fill: () => {
      const v = visitor();
      return {
        nome: v.name,
        email: v.email,
        telefone: v.phone,
        tipoImovel: pick(Object.keys(OWNER_PROPERTY_TYPES)),
        preco: `${200 + Math.floor(Math.random() * 600)}.000,00`,
        endereco: `${pick(STREETS)}, ${1 + Math.floor(Math.random() * 2000)} - Centro`,
        area: String(60 + Math.floor(Math.random() * 300)),
        quartos: String(1 + Math.floor(Math.random() * 4)),
        descricao: "Imóvel bem conservado, documentação em dia.",
      };
    },
  },
];

type PostTemplate = { path: string; form: HtmlForm; fill: () => Record<string, string> };

// The visitor form of each page, read from the page as served.
async function postTemplates(base: string, pages: string[]): Promise<PostTemplate[]> {
  const templates: PostTemplate[] = [];
  for (const page of pages) {
    const html = await (await fetch(base + page)).text();
    const form = findForm(html, `formulário de visitante em ${page}`, (f) =>
      FILLERS.some((x) => f.attrs.get("id")?.startsWith(`${x.id}-`) && f.attrs.get("method") === "post"),
    );
    const filler = FILLERS.find((x) => form.attrs.get("id")!.startsWith(`${x.id}-`))!;
    fillForm(form, filler.fill()); // throws now if the form lost a field
    templates.push({ path: postPath(form, page), form, fill: filler.fill });
  }
  return templates;
}

// Requests of the visitors' forms, from the two inboxes (nothing else writes them during the run).
function storedRequests(databasePath: string) {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return count("ideal_property_requests") + count("property_listing_requests");
  } finally {
    db.close();
  }
}

const header = (headers: Record<string, unknown> | undefined, name: string) => {
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return String(value);
  return undefined;
};

export async function runMixedScenario(o: MixedOptions): Promise<MixedResult> {
  const templates = await postTemplates(o.base, o.postPages);
  const kinds = Object.fromEntries(
    Object.keys(KINDS).map((k) => [k, { latencies: [], errors: 0 }]),
  ) as unknown as Record<Kind, KindStats>;
  const errors = Object.fromEntries(Object.keys(ERROR_KINDS).map((k) => [k, 0])) as Record<ErrorKind, number>;
  const cache = { hit: 0, shared: 0, miss: 0, none: 0 };
  let postsAccepted = 0;

  function record(kind: Kind, status: number, ms: number) {
    kinds[kind].latencies.push(ms);
    const ok =
      kind === "visitPost"
        ? status === 200 || status === 302 || status === 303
        : kind === "staffSave"
          ? status === 302 || status === 303
          : status === 200;
    if (kind === "visitPost" && ok) postsAccepted++;
    if (ok) return;
    kinds[kind].errors++;
    errors[status >= 500 ? "server" : status >= 400 ? "client" : "unexpected"]++;
  }

  // Each request's start, by autocannon's per-connection context (one request
  // in flight per connection; a new context for each request): the latency is
  // measured from it when onResponse runs, once the whole answer is read, and
  // requests never answered are counted too (autocannon's own figures leave
  // them out, and they are the slowest ones).
  const inFlight = new Map<object, { kind: Kind; start: number }>();
  function begin(context: object, kind: Kind) {
    inFlight.set(context, { kind, start: performance.now() });
  }
  function answer(context: object, status: number, headers: Record<string, unknown> | undefined) {
    const request = inFlight.get(context);
    if (!request) return;
    inFlight.delete(context);
    record(request.kind, status, performance.now() - request.start);
    if (request.kind !== "visitGet" || status !== 200) return;
    const verdict = header(headers, "x-page-cache");
    if (verdict === "hit") cache.hit++;
    else if (verdict === "shared") cache.shared++;
    else if (verdict === "miss") cache.miss++;
    else cache.none++;
  }

  // As a browser asks: compressed answers (the page cache keeps gzip and
  // brotli copies; a rendered page is compressed on the fly).
  const browser = { "accept-encoding": "gzip, deflate, br", "accept-language": "pt-BR,pt;q=0.9" };
  // One visitor request in `postEvery` is a form post, counted over all the
  // visitors' connections: a fixed slot in each connection's cycle would send
  // the posts of all connections at the same moments.
  let visitorRequests = 0;
  const visitor: autocannon.Request = {
    setupRequest: (req, context) => {
      const post = ++visitorRequests % o.postEvery === 0;
      begin(context, post ? "visitPost" : "visitGet");
      if (!post)
        return { ...req, method: "GET", path: pick(o.publicPaths), headers: { ...browser }, body: Buffer.alloc(0) };
      const t = pick(templates);
      return {
        ...req,
        method: "POST",
        path: t.path,
        headers: {
          ...browser,
          "content-type": "application/x-www-form-urlencoded",
          origin: o.base,
          referer: o.base + t.path,
        },
        body: urlEncoded(fillForm(t.form, t.fill())),
      };
    },
    onResponse: (status, _body, context, headers) => answer(context, status, headers),
  };
  const staffGet: autocannon.Request = {
    setupRequest: (req, context) => {
      begin(context, "staffGet");
      return { ...req, method: "GET", path: pick(o.staffPaths), headers: { ...browser, cookie: o.cookie } };
    },
    onResponse: (status, _body, context, headers) => answer(context, status, headers),
  };

  const TIMEOUT_SECONDS = 10; // autocannon's default; a request past it is counted as a timeout
  function load(connections: number, requests: autocannon.Request[]) {
    return new Promise<autocannon.Result & { stoppedAt: number }>((resolve, reject) => {
      autocannon(
        { url: o.base, connections, duration: o.seconds, timeout: TIMEOUT_SECONDS, requests },
        (err, result) => (err ? reject(err) : resolve({ ...result, stoppedAt: performance.now() })),
      );
    });
  }

  // The staff member: opens a property's edit page and saves it, every few seconds.
  const saveFailures: string[] = [];
  let saves = 0;
  async function staffSaves() {
    const started = Date.now();
    for (let i = 0; ; i++) {
      const at = started + (i + 0.5) * o.saveEverySeconds * 1000;
      if (at >= started + o.seconds * 1000) return;
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
      try {
        const r = await saveProperty(o.base, o.cookie, o.saveIds[i % o.saveIds.length]);
        record("staffGet", r.edit.status, r.edit.ms);
        if (r.save) record("staffSave", r.save.status, r.save.ms);
        if (r.ok) saves++;
        else saveFailures.push(r.detail);
      } catch (error) {
        // The connection failed (or the edit page lost its form).
        kinds.staffSave.errors++;
        errors.connection++;
        saveFailures.push(error instanceof Error ? error.message : String(error));
      }
    }
  }

  const storedBefore = storedRequests(o.databasePath);
  const [visitors, staff] = await Promise.all([
    load(o.connections - o.staffConnections, [visitor]),
    load(o.staffConnections, [staffGet]),
    staffSaves(),
  ]);
  // Requests never answered are in the latencies too, with what is known of
  // them: one past the timeout (counted as an error by autocannon) waited the
  // timeout; one still waiting when the run stopped waited at least until then.
  let unanswered = 0;
  for (const { kind, start } of inFlight.values()) {
    const waited = (kind === "staffGet" ? staff : visitors).stoppedAt - start;
    if (waited >= TIMEOUT_SECONDS * 1000) kinds[kind].latencies.push(TIMEOUT_SECONDS * 1000);
    else if (waited > 0) {
      kinds[kind].latencies.push(waited);
      unanswered++;
    }
  }
  // Posts still in flight when autocannon stopped may land after it: wait a little.
  await new Promise((r) => setTimeout(r, 500));
  const postsStored = storedRequests(o.databasePath) - storedBefore;
  for (const r of [visitors, staff]) {
    errors.timeout += r.timeouts;
    errors.connection += r.errors - r.timeouts;
  }
  // A form answered as sent but missing from the inbox (a honeypot caught it, say).
  errors.notStored = Math.max(0, postsAccepted - postsStored);
  return {
    seconds: o.seconds,
    connections: o.connections,
    staffConnections: o.staffConnections,
    kinds,
    errors,
    timeoutSeconds: TIMEOUT_SECONDS,
    unanswered,
    postsAccepted,
    postsStored,
    saves,
    saveFailures,
    cache,
  };
}

export function percentile(values: number[], q: number) {
  if (!values.length) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
