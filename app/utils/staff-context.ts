import { createContext } from "react-router";
import type { SessionUser } from "#app/models/accounts/users.server";

// The signed-in staff member, set by the admin layout's middleware for every
// loader and action below it.
export const staffContext = createContext<SessionUser & { sessionId: string }>();
