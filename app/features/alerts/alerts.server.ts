import { type AppLoadContext, data, redirect } from "react-router";
import {
  type Alert,
  createAlertBodySchema,
  mailPreferencesSchema,
  updateAlertBodySchema,
} from "../../../contracts/alerts.contract";
import { profileUpdateSchema } from "../../../contracts/profiles.contract";
import { timeZoneChoices, timeZoneMessages } from "../../../domain/date-time";
import { signInPath } from "../../../domain/safe-path";
import { AppError, isAppError } from "../../../server/errors";
import { actionError, loadErrorResponse } from "../../lib/loader-errors.server";
import { readForm } from "../../lib/read-form.server";
import { validInput } from "../../lib/valid-input.server";
import { type AlertCatalog, alertSearchPath, alertSummary } from "./alert-search";
import { alertsMessages as m } from "./alerts.messages";
import type { AlertRow, SettingsActionResult } from "./settings-page";
import type { UnsubscribeActionResult } from "./unsubscribe-page";

const SETTINGS_PATH = "/profile/settings";

async function requireViewer(context: AppLoadContext, request: Request) {
  const viewer = await context.services.auth.getSessionUser(request.headers);
  if (!viewer) throw redirect(signInPath(SETTINGS_PATH));
  return viewer;
}

/** The catalog's names for the alerts' ids; without it the summaries say only the text. */
async function readCatalog(context: AppLoadContext): Promise<AlertCatalog> {
  const { discovery, logger } = context.services;
  try {
    const [cities, categories] = await Promise.all([discovery.cities(), discovery.categories()]);
    return { cities, categories };
  } catch (error) {
    logger.warn("settings: could not read the catalog", { error });
    return { cities: [], categories: [] };
  }
}

export function alertRow(alert: Alert, catalog: AlertCatalog): AlertRow {
  return {
    id: alert.id,
    name: alert.name,
    enabled: alert.enabled,
    summary: alertSummary(alert.query, catalog),
    searchPath: alertSearchPath(alert.query),
  };
}

/** `/profile/settings`: the session's own preferences and alerts; signed out → sign in. */
export async function loadSettings(context: AppLoadContext, request: Request) {
  const viewer = await requireViewer(context, request);
  const { alerts } = context.services;
  try {
    const [preferences, list, catalog] = await Promise.all([
      alerts.preferences(viewer.id),
      alerts.list(viewer.id),
      readCatalog(context),
    ]);
    return {
      preferences,
      timeZone: viewer.timeZone,
      // From the server, so the list the page hydrates is the one it was rendered with.
      timeZones: zoneList(viewer.timeZone),
      alerts: list.alerts.map((alert) => alertRow(alert, catalog)),
    };
  } catch (error) {
    throw loadErrorResponse(context.services.logger, error, {
      fallback: m.loadFailed,
      log: "The settings page failed to load",
    });
  }
}

/** Every zone, with the person's own first in line if this runtime does not list it. */
function zoneList(own: string): string[] {
  const zones = timeZoneChoices();
  return zones.includes(own) ? zones : [own, ...zones];
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** "a,b" → ["a", "b"]; the contract checks what the parts are. */
function commaList(value: string): string[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A form's "3" → 3; anything else is passed on as it is, for the contract to refuse. */
function rangeOf(part: string): number | string {
  return /^\d+$/.test(part) ? Number(part) : part;
}

async function settingsMove(
  context: AppLoadContext,
  userId: string,
  form: FormData,
): Promise<string> {
  const { alerts } = context.services;
  const intent = field(form, "intent");
  switch (intent) {
    case "preferences": {
      const body = validInput(mailPreferencesSchema, {
        digestFrequency: field(form, "digestFrequency"),
        followEmails: form.get("followEmails") === "on",
        messageEmails: form.get("messageEmails") === "on",
      });
      await alerts.setPreferences(userId, body);
      return m.preferencesSaved;
    }
    case "time-zone": {
      const body = validInput(profileUpdateSchema, { timeZone: field(form, "timeZone") });
      const profile = await context.services.profiles.updateOwn(userId, body);
      return timeZoneMessages.timeZoneSaved(profile.timeZone);
    }
    case "alert-create": {
      const body = validInput(createAlertBodySchema, {
        name: field(form, "name"),
        q: field(form, "q"),
        cities: commaList(field(form, "cities")),
        categories: commaList(field(form, "categories")),
        priceRanges: commaList(field(form, "priceRanges")).map(rangeOf),
      });
      const alert = await alerts.create(userId, body);
      return m.alertCreated(alert.name);
    }
    case "alert-enabled": {
      const enabled = field(form, "enabled");
      if (enabled !== "true" && enabled !== "false") {
        throw new AppError("BAD_REQUEST", 400, m.unknownAction);
      }
      const body = validInput(updateAlertBodySchema, { enabled: enabled === "true" });
      const alert = await alerts.update(userId, field(form, "alertId"), body);
      return alert.enabled ? m.alertOn(alert.name) : m.alertOff(alert.name);
    }
    case "alert-delete":
      await alerts.remove(userId, field(form, "alertId"));
      return m.alertDeleted;
    default:
      throw new AppError("BAD_REQUEST", 400, m.unknownAction);
  }
}

/**
 * The settings page's forms (`intent`: preferences, time-zone, alert-create,
 * alert-enabled, alert-delete), through the same contract schemas and services as the
 * API (`PUT /api/me/mail-preferences`, `PATCH /api/me`, the alerts'). Also the
 * target of the marketplace's "Create alert".
 */
export async function settingsAction(context: AppLoadContext, request: Request) {
  const viewer = await requireViewer(context, request);
  const form = await readForm(request);
  try {
    const message = await settingsMove(context, viewer.id, form);
    return data<SettingsActionResult>({ ok: true, message });
  } catch (error) {
    const refusal = actionError(context, error, {
      fallback: m.actionFailed,
      log: "A settings change failed",
      details: { intent: field(form, "intent") },
    });
    return data<SettingsActionResult>(
      { ok: false, error: refusal.data.error, intent: field(form, "intent") },
      refusal.init ?? { status: 500 },
    );
  }
}

function tokenOf(request: Request, form?: FormData): string {
  const posted = form?.get("token");
  if (typeof posted === "string" && posted) return posted;
  return new URL(request.url).searchParams.get("token") ?? "";
}

function invalidLink() {
  return data(m.invalidLink, { status: 404, statusText: "Not Found" });
}

/** `/unsubscribe?token=…`: what the link turns off; a bad link is a 404 with its text. */
export async function loadUnsubscribe(context: AppLoadContext, request: Request) {
  const token = tokenOf(request);
  try {
    const described = await context.services.alerts.describeUnsubscribe(token);
    return { token, ...described };
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 400)) throw invalidLink();
    throw loadErrorResponse(context.services.logger, error, {
      fallback: m.actionFailed,
      log: "The unsubscribe page failed to load",
    });
  }
}

/** The page's button: no sign-in, the token alone says who and what. */
export async function unsubscribeAction(context: AppLoadContext, request: Request) {
  const form = await readForm(request);
  try {
    await context.services.alerts.unsubscribe(tokenOf(request, form));
    return data<UnsubscribeActionResult>({ ok: true });
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 400)) {
      return data<UnsubscribeActionResult>({ ok: false, error: m.invalidLink }, { status: 404 });
    }
    const refusal = actionError(context, error, {
      fallback: m.actionFailed,
      log: "An unsubscribe failed",
    });
    return data<UnsubscribeActionResult>(
      { ok: false, error: refusal.data.error },
      refusal.init ?? { status: 500 },
    );
  }
}
