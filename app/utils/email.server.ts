import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { getEnv } from "./env.server";
import { log } from "./log.server";

// Email through nodemailer: SMTP when SMTP_URL is set; otherwise each message
// is written to OUTBOX_DIR (data/outbox) as an .eml file and logged, so a
// local run and the tests can read what would have been sent.
//
// SMTP gives up within a minute or so on a server that does not answer
// (nodemailer waits up to 2 minutes to connect and 10 minutes on a silent
// socket): the hourly job sends its notices one after another and holds each
// one's claim for 10 minutes (models/billing/jobs.server.ts). Options in
// SMTP_URL's query still win.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

let transport: nodemailer.Transporter | undefined;
function getTransport() {
  const env = getEnv();
  transport ??= env.SMTP_URL
    ? nodemailer.createTransport(new SMTPTransport({ ...SMTP_TIMEOUTS, url: env.SMTP_URL }))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

export type EmailAttachment = { filename: string; content: Buffer; contentType: string };

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
};

// Rejects when the message could not be handed over (SMTP refused, connection
// failed): the caller decides whether that is retried or only logged.
export async function sendEmail(message: EmailMessage) {
  const env = getEnv();
  // Replies reach a person: the sender is a no-reply address.
  const info = await getTransport().sendMail({ from: env.MAIL_FROM, replyTo: env.MAIL_REPLY_TO, ...message });
  if (!env.SMTP_URL) {
    const dir = path.resolve(env.OUTBOX_DIR);
    fs.mkdirSync(dir, { recursive: true });
    const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
    // The time sorts the files; the random part keeps two messages of the same
    // millisecond to the same address (a job's notices) from overwriting each other.
    const stamp = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
    const file = path.join(dir, `${stamp}-${safeTo}.eml`);
    fs.writeFileSync(file, (info as unknown as { message: Buffer }).message, { flag: "wx" });
    // Not the address (personal data), nor the file's name, which holds it.
    log.info("mail.saved_to_outbox", { dir });
  }
}
