import { useState } from "react";
import { useLocation } from "react-router";

// A form id that changes after a successful post. The action then redirects
// (a new location, and no action data), so the form starts over empty instead
// of keeping what was just sent. While the page shows the action's answer
// (`hasResult`: errors and typed values) the id stays, so nothing is lost.
// Use it as conform's `id` and as the <Form>'s `key`.
//
// The location the form first rendered at is named "first", not by its key:
// the server always renders key "default", while the browser takes the key
// its history entry kept (a reload, a direct visit after navigating). An id
// that differed would not be the one React hydrated, and Conform would refuse
// the form's submit event (the post then fell back to a full page load).
export function useFreshFormId(name: string, hasResult: boolean) {
  const key = useLocation().key;
  const [firstKey] = useState(key);
  const current = key === firstKey ? "first" : key;
  const [kept, setKept] = useState(current);
  if (!hasResult && kept !== current) setKept(current);
  return `${name}-${hasResult ? kept : current}`;
}
