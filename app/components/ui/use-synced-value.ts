import { useState } from "react";

// A control's value that follows the loader's after each revalidation, and
// the person's choice in between (the auto-submitting status selects).
export function useSyncedValue(current: string) {
  const [seen, setSeen] = useState(current);
  const [value, setValue] = useState(current);
  if (seen !== current) {
    setSeen(current);
    setValue(current);
  }
  return [value, setValue] as const;
}
