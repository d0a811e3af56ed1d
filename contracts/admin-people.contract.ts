import { z } from "zod";
import { adminMessages, adminReason, adminSearchText } from "./admin.contract";
import { firstQueryValue } from "./common.contract";

/** The console's People area (docs/api.md "Console: people"). */

export const PEOPLE_ROLES = ["admin", "artist", "applicant", "collector"] as const;
export const PEOPLE_STATUSES = ["active", "suspended"] as const;

export const peopleMessages = {
  notFound: "That person was not found.",
  suspended: "The account is suspended.",
  reinstated: "The account is reinstated.",
  madeAdmin: "They are now an admin.",
  revokedAdmin: "They are no longer an admin.",
  alreadySuspended: "This account is already suspended.",
  notSuspended: "This account is not suspended.",
  alreadyAdmin: "This person is already an admin.",
  notAdmin: "This person is not an admin.",
  suspendedCannotBeAdmin: "A suspended account cannot be made an admin. Reinstate it first.",
  cannotSuspendSelf: "You cannot suspend your own account.",
  cannotDemoteSelf: "You cannot revoke your own admin role.",
  lastAdmin: "The last admin cannot be demoted. Make someone else an admin first.",
  /** The acting admin was suspended or demoted by another admin a moment before. */
  actorNoLongerAdmin: "You are no longer an admin of this marketplace.",
  /** Sign-in and the profile pages of a suspended person. */
  accountSuspended: "This account has been suspended. Please contact the marketplace team.",
  profileUnavailable: "This profile is unavailable.",
} as const;

/** `GET /api/admin/people` */
export const peopleQuerySchema = z.object({
  /** Part of the name or e-mail, any case. */
  q: adminSearchText.refine((s) => !s?.includes("\u0000"), {
    error: adminMessages.invalidFilter,
  }),
  role: firstQueryValue(z.enum(PEOPLE_ROLES, { error: adminMessages.invalidFilter }).optional()),
  status: firstQueryValue(
    z.enum(PEOPLE_STATUSES, { error: adminMessages.invalidFilter }).optional(),
  ),
  cursor: firstQueryValue(z.string().max(200, { error: adminMessages.invalidFilter }).optional()),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

export const personSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(["user", "admin"]),
  isArtist: z.boolean(),
  pendingOccupation: z.string().nullable(),
  payoutStatus: z.enum(["none", "pending", "active", "restricted"]),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.string(),
  /** Works they made. */
  works: z.number().int(),
  /** Orders they placed as a buyer. */
  orders: z.number().int(),
  /** Orders of works they made. */
  sales: z.number().int(),
});
export type Person = z.infer<typeof personSchema>;

/** `GET /api/admin/people`: newest sign-up first, 50 a page; `next` is the next page's cursor. */
export const peoplePageSchema = z.object({
  people: z.array(personSchema),
  next: z.string().nullable(),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

/** `POST /api/admin/people/:id/suspend` */
export const suspendBodySchema = z.object({ reason: adminReason });
export type SuspendBody = z.infer<typeof suspendBodySchema>;

/** The answer of every people action: the person as they are now. */
export const personActionSchema = z.object({ person: personSchema, message: z.string() });
export type PersonAction = z.infer<typeof personActionSchema>;
