import { existsSync } from "node:fs";
import path from "node:path";
import type { ReconciliationReport } from "../../../contracts/admin-reconciliation.contract";
import { priceText } from "../../../domain/display";
import {
  differenceLine,
  reconciliationMessages,
  resolveDayRange,
} from "../../../domain/reconciliation";
import { createPaymentProvider } from "../../adapters/payments/create-payment-provider";
import { createPayoutProvider } from "../../adapters/payouts/create-payout-provider";
import { ConfigError, loadConfig } from "../../config";
import { type DatabaseHandle, openPglite, openPostgres } from "../../db/client";
import { DataFolderLockedError, acquireDataFolderLock } from "../../db/lock";
import { reconcile } from "./reconciliation.service";

/**
 * `npm run reconcile -- --from 2026-11-01 --to 2026-11-30`: the reconciliation from a
 * shell or a scheduler, against the configured database (DATABASE_URL or the PGlite
 * data folder). Prints one line per difference and a summary. Exit codes: 0 no
 * difference, 1 differences, 2 bad arguments, 3 could not run (configuration, the
 * database, the provider).
 */

export const EXIT = { clean: 0, differences: 1, badArguments: 2, failed: 3 } as const;

export const USAGE = [
  "Usage: npm run reconcile -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]",
  "",
  "Compares our ledger with the card processor's and the payout provider's records",
  "for the days from --from to --to (UTC, both included; default: the last 30 days).",
  "Exit code: 0 no differences, 1 differences listed, 2 bad arguments, 3 could not run.",
].join("\n");

export type Output = { out: (line: string) => void; err: (line: string) => void };

type Parsed = { help: true } | { help: false; from?: string; to?: string };

/** The command's arguments, or the reason they are refused. */
export function parseReconcileArgs(
  argv: readonly string[],
): { ok: true; args: Parsed } | { ok: false; message: string } {
  const values: { from?: string; to?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return { ok: true, args: { help: true } };
    const match = /^--(from|to)(?:=(.*))?$/.exec(arg);
    if (!match) return { ok: false, message: `Unknown argument: ${arg.slice(0, 40)}` };
    const name = match[1] as "from" | "to";
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === "" || value.startsWith("--")) {
      return { ok: false, message: `--${name} needs a date (YYYY-MM-DD).` };
    }
    if (values[name] !== undefined) return { ok: false, message: `--${name} is given twice.` };
    values[name] = value;
  }
  return { ok: true, args: { help: false, ...values } };
}

function side(totals: { count: number; amount: number }) {
  return `${totals.count} (${priceText(totals.amount) || "$0"})`;
}

/** The report as the command prints it: the differences, one a line, then the summary. */
export function reportLines(report: ReconciliationReport): string[] {
  const { summary } = report;
  const lines = report.differences.map(differenceLine);
  if (report.omitted > 0) lines.push(`… and ${report.omitted} more differences not listed.`);
  const provider = report.providerLabel;
  lines.push(
    "",
    `Reconciled ${report.from} to ${report.to} (UTC) against ${provider}:`,
    `  Captures: ours ${side(summary.captures.ours)}, ${provider} ${side(summary.captures.provider)}`,
    `  Refunds:  ours ${side(summary.refunds.ours)}, ${provider} ${side(summary.refunds.provider)}`,
    `  Payouts:  ours ${side(summary.payouts.ours)}, the payout provider ${side(summary.payouts.provider)}`,
    summary.differences === 0
      ? reconciliationMessages.noDifferences(provider)
      : `${summary.differences} difference${summary.differences === 1 ? "" : "s"}` +
          (summary.known ? ` (${summary.known} known)` : "") +
          ".",
  );
  return lines;
}

/** Opens the configured database read for the command, or says why it cannot. */
async function openDatabase(
  config: ReturnType<typeof loadConfig>,
): Promise<{ handle: DatabaseHandle; release(): void } | { message: string }> {
  if (config.databaseUrl) {
    return { handle: openPostgres(config.databaseUrl), release: () => undefined };
  }
  const folder = path.join(config.dataDir, "db");
  if (!existsSync(folder)) {
    return {
      message: `There is no database in ${folder}. Start the server once (npm start), or set DATABASE_URL.`,
    };
  }
  let lock;
  try {
    lock = acquireDataFolderLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderLockedError)) throw error;
    return {
      message:
        `The data folder ${config.dataDir} is in use by a running Vernissage server (pid ${error.pid}), ` +
        "and the embedded database allows one process at a time. Stop the server and run this " +
        "again, or open Reconciliation in the console (/admin/reconciliation) of the running server.",
    };
  }
  try {
    return { handle: await openPglite(folder), release: () => lock.release() };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The whole command; answers its exit code. */
export async function runReconcileCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: Output,
  now: () => Date = () => new Date(),
): Promise<number> {
  const parsed = parseReconcileArgs(argv);
  if (!parsed.ok) {
    output.err(`${parsed.message}\n\n${USAGE}`);
    return EXIT.badArguments;
  }
  if (parsed.args.help) {
    output.out(USAGE);
    return EXIT.clean;
  }
  const range = resolveDayRange(parsed.args, now());
  if (!range.ok) {
    output.err(`${range.message}\n\n${USAGE}`);
    return EXIT.badArguments;
  }
  let config;
  try {
    // The command signs no session: a stand-in secret keeps loadConfig from writing one.
    config = loadConfig({ SESSION_SECRET: "x".repeat(32), ...env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(error.message);
    return EXIT.failed;
  }
  const opened = await openDatabase(config);
  if ("message" in opened) {
    output.err(opened.message);
    return EXIT.failed;
  }
  try {
    const { db } = opened.handle;
    const report = await reconcile(
      {
        db,
        payments: createPaymentProvider(config.payments, db),
        payouts: createPayoutProvider(config.payments, config.publicUrl, db),
        now,
      },
      { from: range.range.from, to: range.range.to },
    );
    for (const line of reportLines(report)) output.out(line);
    return report.summary.differences === 0 ? EXIT.clean : EXIT.differences;
  } catch (error) {
    output.err(
      `The reconciliation could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    return EXIT.failed;
  } finally {
    await opened.handle.close().catch(() => undefined);
    opened.release();
  }
}
