import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "./env.server";
import { log } from "./log.server";

// Email through nodemailer: SMTP when SMTP_URL is set; otherwise each message
// is written to OUTBOX_DIR (data/outbox) as an .eml file and logged, so a
// local run and the tests can read what would have been sent.
let transport: nodemailer.Transporter | undefined;
function getTransport() {
  const env = getEnv();
  transport ??= env.SMTP_URL
    ? nodemailer.createTransport(env.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

export async function sendEmail(message: { to: string; subject: string; text: string; html?: string }) {
  const env = getEnv();
  const info = await getTransport().sendMail({ from: env.MAIL_FROM, ...message });
  if (!env.SMTP_URL) {
    const dir = path.resolve(env.OUTBOX_DIR);
    fs.mkdirSync(dir, { recursive: true });
    const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
    fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
    // Not the address (personal data), nor the file's name, which holds it.
    log.info("mail.saved_to_outbox", { dir });
  }
}
