import { z } from "zod";

/** What the buy panel hands to /purchase-success in navigation state (SPEC §2). */
export type PurchaseSuccessState = {
  /** The server's guest account message, or null (signed-in buyers). */
  message: string | null;
  artworkTitle: string;
  artworkId: string;
  orderId: string;
};

const stateSchema = z.object({
  message: z.string().nullable().optional(),
  artworkTitle: z.string().optional(),
  artworkId: z.string().optional(),
});

/**
 * Navigation state is whatever the history entry holds (nothing on a direct visit,
 * anything after a reload of an old entry): read only what has the right shape.
 */
export function readSuccessState(state: unknown): {
  message: string | null;
  artworkTitle: string | null;
  artworkId: string | null;
} {
  const result = stateSchema.safeParse(state);
  if (!result.success) return { message: null, artworkTitle: null, artworkId: null };
  const { message, artworkTitle, artworkId } = result.data;
  return {
    message: message?.trim() ? message : null,
    artworkTitle: artworkTitle?.trim() ? artworkTitle : null,
    artworkId: artworkId?.trim() ? artworkId : null,
  };
}
