import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { passwordResetSchema } from "#app/models/accounts/recovery.schema";
import { RESET_TOKEN_MINUTES, consumeResetToken, findValidResetToken } from "#app/models/accounts/reset-tokens.server";
import type { Role } from "#app/db/schema";
import { sendEmail } from "#app/utils/email.server";
import { getAgency } from "#app/utils/env.server";
import { readFormData } from "#app/utils/http.server";
import { log } from "#app/utils/log.server";
import { redirectWithToast } from "#app/utils/toast.server";

// What the staff and client recovery routes share
// (docs/decisions/0004-accounts-and-guard.md).

// The email with the single-use link. Not awaited by the caller: the answer
// takes the same time whether or not an email goes out (no timing hint that
// the address has an account).
export function sendRecoveryEmail(
  to: { email: string; name: string },
  link: string,
  area: "painel administrativo" | "Área do Cliente",
) {
  const agency = getAgency();
  void sendEmail({
    to: to.email,
    subject:
      area === "Área do Cliente"
        ? `${agency.name}: redefinição de senha da Área do Cliente`
        : `${agency.name}: redefinição de senha`,
    text: [
      `Olá, ${to.name}.`,
      "",
      area === "Área do Cliente"
        ? "Recebemos um pedido para redefinir a sua senha da Área do Cliente."
        : "Recebemos um pedido para redefinir a sua senha do painel administrativo.",
      `Para criar uma nova senha, abra o link abaixo (válido por ${RESET_TOKEN_MINUTES} minutos, uma única vez):`,
      "",
      link,
      "",
      "Se você não fez este pedido, ignore este email: sua senha continua a mesma.",
    ].join("\n"),
  }).catch((error) =>
    log.error("mail.failed", {
      purpose: "password recovery",
      area: area === "Área do Cliente" ? "client" : "staff",
      error,
    }),
  );
}

// Whether a token is valid for this page: staff tokens on the staff page,
// client tokens on the client page.
export async function isValidResetToken(token: string, audience: "staff" | "client") {
  const valid = await findValidResetToken(getDb(), token);
  if (!valid) return false;
  const isClient = (valid.role as Role) === "client";
  return audience === "client" ? isClient : !isClient;
}

// The new-password form's action: the token checked again, the password set
// through the one write path, then back to that audience's login.
export async function setPasswordFromLink(
  request: Request,
  token: string,
  audience: "staff" | "client",
  loginPath: string,
) {
  const submission = parseWithZod(await readFormData(request), { schema: passwordResetSchema });
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields }), expired: false }, { status: 400 });
  const ok =
    (await isValidResetToken(token, audience)) && (await consumeResetToken(getDb(), token, submission.value.password));
  if (!ok) return data({ result: submission.reply({ hideFields }), expired: true }, { status: 410 });
  return redirectWithToast(loginPath, {
    type: "success",
    title: "Senha alterada",
    description: "Entre com a sua nova senha.",
  });
}
