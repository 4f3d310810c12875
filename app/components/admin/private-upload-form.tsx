import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Upload } from "#app/components/ui/private-icons";
import { useState } from "react";
import { Form } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, describedBy, type FormConstraint } from "#app/components/ui/field";

// The private uploads of the clients page ("Enviar Contrato", "Upload
// Documento", "Anexar Boleto"): one select naming what the file belongs to,
// one file, judged by content on the server. A plain multipart form that
// works without JavaScript; the action (private-upload.server.ts beside the
// routes) answers with the errors and the chosen row.
type Props = {
  choiceName: string;
  choiceLabel: string;
  placeholder: string;
  options: readonly { value: number; label: string }[];
  chosen: string;
  accept: string;
  hint: string;
  submitLabel: string;
  /** The button's label while the post is under way (default "Enviando..."). */
  busyLabel?: string;
  alertTitle: string;
  constraint: FormConstraint;
  actionData: { result: SubmissionResult<string[]> | null; alert: string | null } | undefined;
};

export function PrivateUploadForm(p: Props) {
  const busy = useIsPending();
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [form, fields] = useForm<Record<string, string | File>>({
    lastResult: p.actionData?.result,
    constraint: p.constraint,
    defaultValue: { [p.choiceName]: p.chosen },
  });
  const alert = p.actionData?.alert ?? form.errors?.[0];
  const choice = fields[p.choiceName];
  const file = fields.file;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
      {alert ? <FormAlert title={p.alertTitle} description={alert} /> : null}
      <Field meta={choice} label={p.choiceLabel} as="select">
        <option value="">{p.placeholder}</option>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Field>
      <Field meta={file} label="Arquivo" hint={p.hint} as="custom">
        <input
          id={file.id}
          name={file.name}
          type="file"
          accept={p.accept}
          aria-invalid={file.errors?.length ? true : undefined}
          aria-describedby={describedBy(file, p.hint)}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold"
          onChange={(event) => {
            const picked = event.currentTarget.files?.[0];
            setChosen(picked ? { name: picked.name, size: picked.size } : null);
          }}
        />
        {chosen ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="chosen-file">
            <span className="font-medium break-all">{chosen.name}</span> · {formatMegabytes(chosen.size)}
          </p>
        ) : null}
      </Field>
      <Button disabled={busy}>
        <Upload aria-hidden className="size-4" /> {busy ? (p.busyLabel ?? "Enviando...") : p.submitLabel}
      </Button>
    </Form>
  );
}

// "0,25 MB" (the spec shows the chosen boleto's size in MB).
export function formatMegabytes(bytes: number) {
  return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} MB`;
}
