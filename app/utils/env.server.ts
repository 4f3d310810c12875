import path from "node:path";
import { z } from "zod";
import { defaultAgency, welcomeText, type Agency } from "#app/config/agency";

// The one place that reads process.env: validated once, at first use, so a
// misconfigured container fails at boot with a readable message.
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_PATH: z.string().min(1).default("data/app.db"),
    UPLOADS_DIR: z.string().min(1).default("uploads"),
    APP_URL: z.url().default("http://localhost:3000"),
    SESSION_SECRET: z.string().optional(),
    AGENCY_NAME: z.string().optional(),
    // The name in the footer's copyright line; AGENCY_NAME when not given.
    AGENCY_LEGAL_NAME: z.string().optional(),
    AGENCY_CRECI: z.string().optional(),
    AGENCY_WHATSAPP: z
      .string()
      .regex(/^\d{10,15}$/)
      .optional(),
    AGENCY_PHONE: z
      .string()
      .regex(/^\d{10,15}$/)
      .optional(),
    AGENCY_EMAIL: z.email().optional(),
    AGENCY_ADDRESS: z.string().optional(),
    AGENCY_SIMULATOR_URL: z.url().optional(),
    // The agency's ICP-Brasil A1 certificate (a PKCS#12 file) and its
    // password: every PDF the app issues is signed with it (decision 0079).
    AGENCY_CERT_PATH: z.string().min(1).optional(),
    AGENCY_CERT_PASSWORD: z.string().optional(),
    // The agency's CNPJ, printed on receipts when set (digits or formatted).
    AGENCY_CNPJ: z.string().optional(),
    // The DIMOB (docs/decisions/0042-dimob.md): the CPF of the agency's
    // responsible person before the Receita Federal, and the Receita's 4-digit
    // code of the agency's municipality (the SIAFI/TOM table: Três Lagoas-MS is 9165).
    AGENCY_RESPONSIBLE_CPF: z.string().optional(),
    AGENCY_MUNICIPALITY_CODE: z.string().trim().default("9165"),
    // The agency's Pix key (CPF/CNPJ, email, phone +55…, or random key): open
    // billings show a Pix BR Code for it; without it no Pix is shown and the
    // dashboard says so (docs/decisions/0031-charging-the-rent.md).
    AGENCY_PIX_KEY: z.string().trim().max(77).optional(),
    // A billing is issued (shown to the tenant, announced by email) from this
    // many days before its due date.
    BILLING_ISSUE_DAYS: z.coerce.number().int().min(0).max(60).default(20),
    // Days a tenant has to contest a finalized entry inspection (issue 23).
    INSPECTION_CONTEST_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    // Days an owner's approval of a maintenance cost may wait before the
    // dashboard says so (decision 0077).
    OWNER_APPROVAL_DAYS: z.coerce.number().int().min(1).max(60).default(3),
    // Express "trust proxy": which proxy's X-Forwarded-For names the visitor
    // (rate limits and login throttling are per address). "loopback" for a proxy
    // on the same host; a hop count ("1") or subnets ("172.17.0.0/16") in Docker.
    TRUST_PROXY: z.string().min(1).default("loopback"),
    SMTP_URL: z.string().optional(),
    // Default: the agency's name <nao-responda@lagoaimoveis.com.br> (see getEnv).
    MAIL_FROM: z.string().optional(),
    // Where replies go (the sender is a no-reply address). Default: the
    // agency's email (AGENCY_EMAIL, or app/config/agency.ts).
    MAIL_REPLY_TO: z.string().optional(),
    OUTBOX_DIR: z.string().min(1).default("data/outbox"),
    // Where `npm run backup` writes its archives.
    BACKUP_DIR: z.string().min(1).default("data/backups"),
    // LGPD retention of visitor requests, in months: older ones are
    // anonymised by the hourly job, and /privacidade states the period.
    PRIVACY_RETENTION_MONTHS: z.coerce.number().int().min(1).max(600).default(24),
    // Server processes in production (node:cluster), each rendering on its
    // own core; default: one per core, at most 4 (server.ts). 1 on a small
    // host (each takes ~150 MB); set it in a container with a CPU quota.
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
    // Lets the benchmark and tests turn off the per-address form rate limit.
    RATE_LIMIT_DISABLED: z.enum(["0", "1"]).default("0"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET is required in production (at least 32 characters)",
      });
    }
  });

type Env = Omit<z.infer<typeof schema>, "MAIL_FROM" | "MAIL_REPLY_TO"> & {
  MAIL_FROM: string;
  MAIL_REPLY_TO: string;
  appUrl: URL;
};

const DEFAULT_SENDER = "nao-responda@lagoaimoveis.com.br";

// A display name with a comma, quote or the like must be quoted in a From header.
function mailbox(name: string, address: string) {
  return /[()<>[\]:;@\\,."]/.test(name) ? `"${name.replace(/["\\]/g, "\\$&")}" <${address}>` : `${name} <${address}>`;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const agencyName = parsed.data.AGENCY_NAME || defaultAgency.name;
  cached = {
    ...parsed.data,
    MAIL_FROM: parsed.data.MAIL_FROM ?? mailbox(agencyName, DEFAULT_SENDER),
    MAIL_REPLY_TO: parsed.data.MAIL_REPLY_TO || parsed.data.AGENCY_EMAIL || defaultAgency.email,
    appUrl: new URL(parsed.data.APP_URL),
  };
  return cached;
}

export function databasePath() {
  return path.resolve(getEnv().DATABASE_PATH);
}

export function uploadsDir() {
  return path.resolve(getEnv().UPLOADS_DIR);
}

export function backupDir() {
  return path.resolve(getEnv().BACKUP_DIR);
}

export function absoluteUrl(pathname: string) {
  return new URL(pathname, getEnv().appUrl).toString();
}

export function getAgency(): Agency {
  const env = getEnv();
  const agency = { ...defaultAgency };
  if (env.AGENCY_NAME) {
    agency.name = env.AGENCY_NAME;
    agency.legalName = env.AGENCY_NAME;
    agency.welcome = welcomeText(env.AGENCY_NAME);
  }
  if (env.AGENCY_LEGAL_NAME) agency.legalName = env.AGENCY_LEGAL_NAME;
  if (env.AGENCY_CRECI) agency.creci = env.AGENCY_CRECI;
  if (env.AGENCY_WHATSAPP) agency.whatsapp = env.AGENCY_WHATSAPP;
  if (env.AGENCY_PHONE) agency.phone = env.AGENCY_PHONE;
  if (env.AGENCY_EMAIL) agency.email = env.AGENCY_EMAIL;
  if (env.AGENCY_ADDRESS) agency.address = env.AGENCY_ADDRESS;
  if (env.AGENCY_SIMULATOR_URL) agency.simulatorUrl = env.AGENCY_SIMULATOR_URL;
  return agency;
}
