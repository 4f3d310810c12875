import { z } from "zod";
import { BANNER_IDS } from "./defaults";

// The buttons of "Gestão de Banners", told apart by `intent`. "add" and
// "delete" exist only to answer with the spec's refusals.
export const bannerListActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("toggle"), id: z.enum(BANNER_IDS) }),
]);
