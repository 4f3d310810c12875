import { useState } from "react";
import { useLocation } from "react-router";

// A form id that changes after a successful post. The action then redirects
// (a new location, and no action data), so the form starts over empty instead
// of keeping what was just sent. While the page shows the action's answer
// (`hasResult`: errors and typed values) the id stays, so nothing is lost.
// Use it as conform's `id` and as the <Form>'s `key`.
export function useFreshFormId(name: string, hasResult: boolean) {
  const key = useLocation().key;
  const [kept, setKept] = useState(key);
  if (!hasResult && kept !== key) setKept(key);
  return `${name}-${hasResult ? kept : key}`;
}
