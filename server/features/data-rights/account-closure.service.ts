import type { CloseAccountBody, ClosureBlockers } from "../../../contracts/data-rights.contract";
import {
  closedAccountEmail,
  closedAccountName,
  dataRightsMessages,
} from "../../../domain/data-rights";
import { smallPhotoAddress } from "../../../domain/photo-address";
import { deleteFilesQuietly } from "../../adapters/storage/delete-quietly";
import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database, Queryable } from "../../db/client";
import { AppError } from "../../errors";
import type { Logger } from "../../logger";
import { forgetAlerts } from "../alerts/alerts.api";
import { forgetApplications } from "../applications/applications.api";
import { withdrawArtistListings } from "../artworks/artworks.api";
import {
  type PasswordHashing,
  type SecondStepResult,
  checkPassword,
  forgetTwoFactor,
} from "../auth/auth.api";
import { forgetCollector } from "../collectors/collectors.api";
import { closeConversationsOf } from "../conversations/conversations.api";
import { forgetReporter } from "../listing-reports/listing-reports.api";
import { enqueueMail, forgetRecipient } from "../mail/mail.api";
import { artistBalances, openOrdersOf, renameArtistOnOrders } from "../orders/orders.api";
import { forgetBuyer, openOffersOf } from "../purchase/purchase.api";
import { forgetReviewsOf } from "../reviews/reviews.api";
import { closeAccountRow, findContact, lockAccount } from "../users/users.api";
import { deleteExportsOf } from "./data-export.repository";
import { accountClosedMail } from "./data-rights.mails";

export type AccountClosureDeps = {
  db: Database;
  storage: StorageAdapter;
  logger: Logger;
  now: () => Date;
  passwordHashing: PasswordHashing;
  /** The auth module's check of the second step (its `checkSecondStep`, bound to its deps). */
  checkSecondStep: (userId: string, code: string | undefined) => Promise<SecondStepResult>;
  kickOutbox: () => void;
};

/** What keeps the account open, each with the page where it is settled. */
async function blockersOf(
  db: Queryable,
  userId: string,
  email: string,
  now: Date,
): Promise<ClosureBlockers> {
  // One after another: inside the closing transaction they share one connection.
  const offers = await openOffersOf(db, userId, email);
  const orders = await openOrdersOf(db, userId, now);
  const balances = await artistBalances(db, userId);
  return {
    offers: offers.map((offer) => ({
      id: offer.id,
      role: offer.role,
      link: `/offers/${offer.id}`,
    })),
    orders: orders.map((order) => ({
      id: order.id,
      title: order.title,
      status: order.status,
      role: order.role,
      link: order.role === "buyer" ? `/profile/purchases/${order.id}` : "/profile/sales",
      returnWindowEndsAt: order.returnWindowEndsAt?.toISOString() ?? null,
    })),
    balanceCents: balances.payable + balances.pending,
  };
}

function isOpen(blockers: ClosureBlockers): boolean {
  return blockers.offers.length > 0 || blockers.orders.length > 0 || blockers.balanceCents !== 0;
}

/** The settings page's list of what must be settled before the account can be closed. */
export async function closureBlockers(
  deps: AccountClosureDeps,
  userId: string,
): Promise<{ blockers: ClosureBlockers; open: boolean }> {
  const contact = await findContact(deps.db, userId);
  if (!contact) throw new AppError("UNAUTHENTICATED", 401, dataRightsMessages.signIn);
  const blockers = await blockersOf(deps.db, userId, contact.email, deps.now());
  return { blockers, open: isOpen(blockers) };
}

/**
 * Closes the signed-in person's account (decision 0058), confirmed with their password
 * (and second step). One transaction, under the person's row lock and conditional on the
 * row not being closed: it happens entirely or not at all, and once. Files (photo,
 * application pictures, exports) are deleted after the commit; a crash in between leaves
 * files nobody refers to, never a reference to a missing file.
 */
export async function closeAccount(
  deps: AccountClosureDeps,
  userId: string,
  { password, code }: CloseAccountBody,
): Promise<void> {
  const checked = await checkPassword(deps, userId, password);
  if (checked === "none") throw new AppError("CONFLICT", 409, dataRightsMessages.noPassword);
  if (checked === "wrong")
    throw new AppError("VALIDATION_FAILED", 400, dataRightsMessages.wrongPassword);

  // With two-step verification on, its code (or a backup code) as well (decision 0057).
  const secondStep = await deps.checkSecondStep(userId, code);
  if (secondStep === "missing")
    throw new AppError("VALIDATION_FAILED", 400, dataRightsMessages.secondStepMissing);
  if (secondStep === "wrong")
    throw new AppError("VALIDATION_FAILED", 400, dataRightsMessages.secondStepWrong);

  const closedAt = deps.now();
  const pseudonym = closedAccountName(userId);
  const email = closedAccountEmail(userId);
  const files = await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (!account) throw new AppError("UNAUTHENTICATED", 401, dataRightsMessages.signIn);
    if (account.closedAt) throw new AppError("CONFLICT", 409, dataRightsMessages.alreadyClosed);
    if (isOpen(await blockersOf(tx, userId, account.email, closedAt))) {
      throw new AppError("CONFLICT", 409, dataRightsMessages.notSettled);
    }
    await forgetBuyer(tx, { userId, email: account.email }, { pseudonym, email });
    await renameArtistOnOrders(tx, userId, pseudonym);
    await withdrawArtistListings(tx, userId);
    await forgetCollector(tx, userId);
    await forgetAlerts(tx, userId);
    await forgetReviewsOf(tx, userId);
    await forgetTwoFactor(tx, userId);
    await forgetReporter(tx, { userId, email: account.email }, email);
    await closeConversationsOf(tx, userId, closedAt);
    const applicationFiles = await forgetApplications(tx, userId);
    const exports = await deleteExportsOf(tx, userId);
    await forgetRecipient(tx, account.email);
    if (!(await closeAccountRow(tx, userId, { pseudonym, email, closedAt }))) {
      throw new AppError("CONFLICT", 409, dataRightsMessages.alreadyClosed);
    }
    await enqueueMail(tx, accountClosedMail({ to: account.email, name: account.displayName }));
    const photo = account.profilePhoto;
    const photoFiles = photo
      ? [deps.storage.keyOf(photo), deps.storage.keyOf(smallPhotoAddress(photo))]
      : [];
    return [
      ...photoFiles.filter((key): key is string => key !== null),
      ...applicationFiles,
      ...exports.flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
    ];
  });
  deps.kickOutbox();
  await deleteFilesQuietly(deps, files);
}
