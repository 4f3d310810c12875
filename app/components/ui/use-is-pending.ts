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
export function useIsPending({ formAction, formMethod = "POST", fields }: Options = {}) {
  const navigation = useNavigation();
  // Resolved as <Form> resolves it (the route's path, ?index, the search);
  // the navigation keeps the action without its #hash.
  const action = useFormAction(formAction).replace(/#.*$/, "");
  if (navigation.state === "idle" || navigation.formAction !== action || navigation.formMethod !== formMethod)
    return false;
  return Object.entries(fields ?? {}).every(([name, value]) => navigation.formData?.get(name) === value);
}
