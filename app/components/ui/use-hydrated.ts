import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

// False in the server render and during hydration, true afterwards: what a
// component shows only once JavaScript runs (auto-submitting selects, previews).
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
