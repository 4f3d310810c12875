import { createContext } from "react-router";
import type { OwnerViewer } from "./auth.server";

// The signed-in owner and its record, set by the owner area layout's
// middleware for every loader and action below it.
export const ownerContext = createContext<OwnerViewer>();
