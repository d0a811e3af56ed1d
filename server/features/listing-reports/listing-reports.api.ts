import { eq, or } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { listingReports } from "../../db/schema";

/**
 * What other features may use of listing reports (decision 0059): forgetting a closing
 * person's address on the reports they made (decision 0058). The reports themselves stay,
 * as the team's record of what it decided and why; the address they were made from
 * becomes the closed account's undeliverable one.
 */
export async function forgetReporter(
  tx: Queryable,
  person: { userId: string; email: string },
  replacementEmail: string,
): Promise<void> {
  await tx
    .update(listingReports)
    .set({ reporterEmail: replacementEmail, clientIp: null })
    .where(
      or(
        eq(listingReports.reporterId, person.userId),
        eq(listingReports.reporterEmail, person.email.toLowerCase()),
      ),
    );
}
