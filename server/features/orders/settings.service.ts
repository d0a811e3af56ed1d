import {
  type PlatformSettings,
  type ReturnSettingsBody,
  type SettingsAction,
  type SettingsBody,
  adminOrderMessages as am,
} from "../../../contracts/admin-orders.contract";
import { bpsToPercent } from "../../../domain/money-input";
import type { Database } from "../../db/client";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { returnMessages } from "../../../domain/returns";
import {
  currentReturnWindowDays,
  lockSettings,
  readCommissionSetting,
  writeCommissionSetting,
  writeReturnWindowSetting,
} from "./settings.repository";

/**
 * The marketplace's settings in the console: the commission charged on new
 * sales and their return window (decision 0055). An order keeps the rate it was sold at (decision 0029), so a change never
 * alters an existing order; every change is audited in its own transaction.
 */
export type SettingsDeps = {
  db: Database;
  /** The configured commission (COMMISSION_BPS), until the team sets one. */
  commissionBps: number;
};

export async function getSettings(deps: SettingsDeps): Promise<PlatformSettings> {
  const set = await readCommissionSetting(deps.db);
  return {
    commissionBps: set ?? deps.commissionBps,
    defaultCommissionBps: deps.commissionBps,
    commissionSetByTeam: set !== null,
    returnWindowDays: await currentReturnWindowDays(deps.db),
  };
}

export async function setCommission(
  deps: SettingsDeps,
  admin: AuditActor,
  body: SettingsBody,
): Promise<SettingsAction> {
  await deps.db.transaction(async (tx) => {
    await lockSettings(tx);
    const before = await writeCommissionSetting(tx, body.commissionBps);
    await recordAudit(tx, admin, {
      action: "settings.commission",
      targetType: "settings",
      targetId: "commission",
      before: { commissionBps: before ?? deps.commissionBps, setByTeam: before !== null },
      after: { commissionBps: body.commissionBps, setByTeam: true },
    });
  });
  return {
    message: am.commissionSaved(bpsToPercent(body.commissionBps)),
    settings: await getSettings(deps),
  };
}

/** The return window of new sales; an order keeps the one it was sold with. Audited. */
export async function setReturnWindow(
  deps: SettingsDeps,
  admin: AuditActor,
  body: ReturnSettingsBody,
): Promise<SettingsAction> {
  await deps.db.transaction(async (tx) => {
    await lockSettings(tx);
    const before = await writeReturnWindowSetting(tx, body.returnWindowDays);
    await recordAudit(tx, admin, {
      action: "settings.return_window",
      targetType: "settings",
      targetId: "return_window",
      before: { returnWindowDays: before, setByTeam: before !== null },
      after: { returnWindowDays: body.returnWindowDays, setByTeam: true },
    });
  });
  return {
    message: returnMessages.windowSaved(body.returnWindowDays),
    settings: await getSettings(deps),
  };
}
