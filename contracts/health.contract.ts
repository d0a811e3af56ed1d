import { z } from "zod";

/** `GET /api/health` (docs/api.md "Health"): answered only once the database answered. */
export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
});
export type Health = z.infer<typeof healthSchema>;
