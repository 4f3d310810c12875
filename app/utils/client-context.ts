import { createContext } from "react-router";
import type { ClientViewer } from "./auth.server";

// The signed-in client and its record, set by the client area layout's
// middleware for every loader and action below it.
export const clientContext = createContext<ClientViewer>();
