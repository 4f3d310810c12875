import { useRouteLoaderData } from "react-router";
import { defaultAgency, type Agency } from "#app/config/agency";
import type { loader as rootLoader } from "#app/root";

// Root loader data for components: agency facts (possibly overridden by the
// environment on the server) and the public origin for absolute URLs.
export function useAgency(): Agency {
  return useRouteLoaderData<typeof rootLoader>("root")?.agency ?? defaultAgency;
}

export function useOrigin(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
}
