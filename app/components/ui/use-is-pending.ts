import { useFormAction, useNavigation } from "react-router";

type Options = {
  /** The form's `action` as written on the <Form> (default: the route's own, as a <Form> without one posts). */
  formAction?: string;
  /** Default POST; a search form is GET. */
  formMethod?: "GET" | "POST";
  /** Fields the submission carries, when several forms post to one action (a row's intent and id). */
  fields?: Record<string, string>;
};

// Whether this form's submission is under way: from the click until the page
// it leads to has loaded (the action, its redirect, the loaders), so a button
// stays disabled and says "Enviando..." for as long as a second click would
// post again. A form elsewhere on the page, or a link followed meanwhile,
// does not count. After the Epic Stack's useIsPending.
export function useIsPending({ formAction, formMethod, fields }: Options = {}) {
  return isPendingFor(usePendingSubmission({ formAction, formMethod }), fields);
}

// The form data of the submission under way to this action, or null. A list
// whose every row has its own forms calls it once and asks isPendingFor per
// row, instead of each row resolving the action again (docs/decisions/0047).
export function usePendingSubmission({ formAction, formMethod = "POST" }: Omit<Options, "fields"> = {}) {
  const navigation = useNavigation();
  // Resolved as <Form> resolves it (the route's path, ?index, the search);
  // the navigation keeps the action without its #hash.
  const action = useFormAction(formAction).replace(/#.*$/, "");
  if (navigation.state === "idle" || navigation.formAction !== action || navigation.formMethod !== formMethod)
    return null;
  return navigation.formData ?? new FormData();
}

export function isPendingFor(submission: FormData | null, fields?: Record<string, string>) {
  if (!submission) return false;
  return Object.entries(fields ?? {}).every(([name, value]) => submission.get(name) === value);
}
