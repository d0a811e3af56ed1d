import {
  type Alert,
  type AlertList,
  type CreateAlertBody,
  MAX_ALERTS_PER_PERSON,
  type MailPreferences,
  type MailPreferencesBody,
  type UnsubscribeAnswer,
  type UnsubscribeDescription,
  type UpdateAlertBody,
  alertMessages,
} from "../../../contracts/alerts.contract";
import { isUuid } from "../../../domain/ids";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { findUnknownIds } from "../catalog/catalog.api";
import { prefixTsQueryOf } from "../search/search.api";
import {
  type AlertRow,
  deleteOwnAlert,
  findAlert,
  findPreferences,
  insertAlert,
  listAlertsOf,
  lockPreferencesOf,
  updateOwnAlert,
  upsertPreferences,
} from "./alerts.repository";
import { readUnsubscribeToken } from "./unsubscribe-token";

/**
 * Alerts, mail preferences and unsubscribing (decision 0031). Every call but the
 * unsubscribe ones acts for the signed-in person only (the routes and loaders pass the
 * session's id): another person's alert is answered exactly as an unknown one, 404.
 */

/** `now`: the services' clock, where a digest window starts when mail is turned back on. */
export type AlertsDeps = { db: Database; secret: string; now: () => Date };

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    name: row.name,
    query: {
      q: row.queryText,
      cities: row.cityIds,
      categories: row.categoryIds,
      priceRanges: row.priceRanges,
    },
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAlerts({ db }: AlertsDeps, userId: string): Promise<AlertList> {
  return { alerts: (await listAlertsOf(db, userId)).map(toAlert) };
}

function sameSearch(row: AlertRow, input: CreateAlertBody): boolean {
  const same = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  return (
    row.queryText.toLowerCase() === input.q.toLowerCase() &&
    same([...row.cityIds].sort(), input.cities) &&
    same([...row.categoryIds].sort(), input.categories) &&
    same(
      [...row.priceRanges].sort((a, b) => a - b),
      input.priceRanges,
    )
  );
}

export async function createAlert(
  { db }: AlertsDeps,
  userId: string,
  input: CreateAlertBody,
): Promise<Alert> {
  const tsquery = prefixTsQueryOf(input.q);
  const filters = input.cities.length + input.categories.length + input.priceRanges.length;
  if (!input.q && filters === 0) {
    throw new AppError("VALIDATION_FAILED", 400, alertMessages.nothingChosen);
  }
  // Text with nothing to look for ("!!!") would never match: refused, not saved.
  if (input.q && tsquery === null) {
    throw new AppError("VALIDATION_FAILED", 400, alertMessages.noWords);
  }
  const unknown = await findUnknownIds(db, { cities: input.cities, categories: input.categories });
  if (unknown.cities.length) {
    throw new AppError("VALIDATION_FAILED", 400, `Unknown city id: ${unknown.cities.join(", ")}`);
  }
  if (unknown.categories.length) {
    throw new AppError(
      "VALIDATION_FAILED",
      400,
      `Unknown category id: ${unknown.categories.join(", ")}`,
    );
  }
  const row = await db.transaction(async (tx) => {
    await lockPreferencesOf(tx, userId);
    const existing = await listAlertsOf(tx, userId);
    const duplicate = existing.find((alert) => sameSearch(alert, input));
    if (duplicate) {
      throw new AppError("CONFLICT", 409, alertMessages.duplicate(duplicate.name));
    }
    if (existing.length >= MAX_ALERTS_PER_PERSON) {
      throw new AppError("CONFLICT", 409, alertMessages.tooMany);
    }
    return insertAlert(tx, {
      userId,
      name: input.name,
      queryText: input.q,
      tsquery,
      cityIds: input.cities,
      categoryIds: input.categories,
      priceRanges: input.priceRanges,
    });
  });
  return toAlert(row);
}

function notFound(): never {
  throw new AppError("NOT_FOUND", 404, alertMessages.notFound);
}

export async function updateAlert(
  { db }: AlertsDeps,
  userId: string,
  alertId: string,
  patch: UpdateAlertBody,
): Promise<Alert> {
  if (!isUuid(alertId)) notFound();
  const row = await updateOwnAlert(db, userId, alertId.toLowerCase(), patch);
  if (!row) notFound();
  return toAlert(row);
}

/**
 * Idempotent, like DELETE of a saved work: deleting an alert that is gone (or was never
 * this person's) answers the same `{ deleted: true }` and changes nothing, so a double
 * click or a retry is not an error. A malformed id is still a 404.
 */
export async function removeAlert(
  { db }: AlertsDeps,
  userId: string,
  alertId: string,
): Promise<{ deleted: true }> {
  if (!isUuid(alertId)) notFound();
  await deleteOwnAlert(db, userId, alertId.toLowerCase());
  return { deleted: true };
}

export async function preferencesOf({ db }: AlertsDeps, userId: string): Promise<MailPreferences> {
  const row = await findPreferences(db, userId);
  return row ?? { digestFrequency: "daily", followEmails: true, messageEmails: true };
}

export async function setPreferences(
  deps: AlertsDeps,
  userId: string,
  input: MailPreferencesBody,
): Promise<MailPreferences> {
  await upsertPreferences(deps.db, userId, input, deps.now());
  return preferencesOf(deps, userId);
}

function invalidLink(): never {
  throw new AppError("NOT_FOUND", 404, alertMessages.unsubscribeInvalid);
}

/** What the link turns off, for the confirmation page; 404 for a link we did not make. */
export async function describeUnsubscribe(
  { db, secret }: AlertsDeps,
  token: string,
): Promise<UnsubscribeDescription> {
  const claim = readUnsubscribeToken(secret, token);
  if (!claim) invalidLink();
  if (claim.scope === "all" || claim.scope === "follows") return { scope: claim.scope };
  const alert = await findAlert(db, claim.scope.slice("alert:".length));
  // The alert was deleted since the e-mail: nothing is left to turn off, and the link is
  // still ours, so it answers as done rather than as a forgery.
  if (!alert || alert.userId !== claim.userId) return { scope: "alert" };
  return { scope: "alert", alertName: alert.name };
}

/** Turns off what the link names; again and again answers the same (RFC 8058 retries). */
export async function unsubscribe(deps: AlertsDeps, token: string): Promise<UnsubscribeAnswer> {
  const claim = readUnsubscribeToken(deps.secret, token);
  if (!claim) invalidLink();
  if (claim.scope === "all") {
    await upsertPreferences(deps.db, claim.userId, { digestFrequency: "off" }, deps.now());
  } else if (claim.scope === "follows") {
    await upsertPreferences(deps.db, claim.userId, { followEmails: false }, deps.now());
  } else {
    await updateOwnAlert(deps.db, claim.userId, claim.scope.slice("alert:".length), {
      enabled: false,
    });
  }
  return { ...(await describeUnsubscribe(deps, token)), unsubscribed: true };
}
