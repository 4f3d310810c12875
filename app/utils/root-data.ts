import { createContext, useContext } from "react";
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

// The answer of root's action (the home page's ideal-property form posts to
// "/", whose action is root's: see routes/site/ideal-request.server.ts). Only
// a route's own component can read its action data, so root hands it down.
export const RootActionDataContext = createContext<unknown>(undefined);

export function useRootActionData<T>(): T | undefined {
  return useContext(RootActionDataContext) as T | undefined;
}
