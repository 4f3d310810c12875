import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { REQUIRED } from "#app/models/shared/messages";

// A refused form: 400 with the field errors and the typed values (conform's
// reply), plus the spec's summary when required fields are missing.
export function invalidSubmission(submission: Submission<unknown>) {
  const errors = submission.status === "error" ? Object.values(submission.error ?? {}) : [];
  const missing = errors.some((e) => e?.includes(REQUIRED));
  return data(
    {
      result: submission.reply(),
      alert: missing
        ? { title: "Campos obrigatórios", description: "Por favor, preencha todos os campos obrigatórios." }
        : { title: "Verifique os campos", description: "Corrija os campos destacados e envie novamente." },
    },
    { status: 400 },
  );
}

export function submissionFailed() {
  return {
    title: "Erro ao enviar",
    description: "Ocorreu um erro ao enviar sua solicitação. Tente novamente.",
  } as const;
}
