import {
  type PlatformSettings,
  type SettingsAction,
  type SettingsBody,
  adminOrderMessages as am,
} from "../../../contracts/admin-orders.contract";
import { bpsToPercent } from "../../../domain/money-input";
import type { Database } from "../../db/client";
import { type AuditActor, recordAudit } from "../audit/audit.api";
import { lockSettings, readCommissionSetting, writeCommissionSetting } from "./settings.repository";

/**
 * The marketplace's settings in the console: the commission charged on new
 * sales. An order keeps the rate it was sold at (decision 0029), so a change never
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
