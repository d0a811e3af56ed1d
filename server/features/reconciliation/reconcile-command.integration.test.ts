import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayText } from "../../../domain/reconciliation";
import { buildServer } from "../../app";
import { loadConfig } from "../../config";
import { type DatabaseHandle, openPglite } from "../../db/client";
import { acquireDataFolderLock } from "../../db/lock";
import { orders, refunds, simulatedRefunds } from "../../db/schema";
import { createLogger } from "../../logger";
import { projectRoot } from "../../paths";
import { createServices } from "../../services";
import { createArtist, createArtwork } from "../../test/factories";
import { TEST_ORIGIN, createClient } from "../../test/test-app";
import { buy, guestEmail } from "../purchase/checkout.test-helpers";
import { EXIT, runReconcileCommand } from "./reconcile-command";

/**
 * `npm run reconcile` against a real PGlite data folder: in-process for its output and
 * exit codes, and once as its own process (the entry through tsx), also while another
 * process holds the data folder.
 */

let dataDir: string;
let refundId: string;
let providerRefundId: string;
const today = dayText(new Date());

async function withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openPglite(path.join(dataDir, "db"));
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vernissage-reconcile-"));
  await withDatabase(async (handle) => {
    await handle.migrate();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN });
    const services = createServices(config, handle, createLogger({ json: false, silent: true }));
    try {
      const client = createClient(buildServer({ services }), config.publicUrl);
      const artist = await createArtist(handle.db, { payoutStatus: "active" });
      const artwork = await createArtwork(handle.db, { artistId: artist.id, priceCents: 30_000 });
      const bought = await buy(client, artwork.id, { email: guestEmail() });
      const [order] = await handle.db.select().from(orders).where(eq(orders.id, bought.orderId));
      const refunded = await services.orders.requestRefund({
        orderId: order!.id,
        move: "refund_partial",
        actor: { id: null, role: "team" },
        reason: "A scratch.",
        amount: 2_000,
      });
      refundId = refunded.refund!.id;
      const [row] = await handle.db.select().from(refunds).where(eq(refunds.id, refundId));
      providerRefundId = row!.providerRefundId!;
    } finally {
      await services.outbox.stop();
      services.mailTransport.close();
    }
  });
});
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function runInProcess(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return runReconcileCommand(
    argv,
    { NODE_ENV: "test", DATA_DIR: dataDir },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  ).then((code) => ({ code, out: out.join("\n"), err: err.join("\n") }));
}

async function runProcess(argv: string[]) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(projectRoot, "server/reconcile.ts"), ...argv],
    {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += String(chunk)));
  child.stderr.on("data", (chunk) => (err += String(chunk)));
  const [code] = (await once(child, "exit")) as [number];
  return { code, out, err };
}

describe("npm run reconcile", () => {
  it("prints the summary and exits 0 when the ledger matches", async () => {
    const run = await runInProcess(["--from", today, "--to", today]);
    expect(run.err).toBe("");
    expect(run.code).toBe(EXIT.clean);
    expect(run.out).toContain(
      `Reconciled ${today} to ${today} (UTC) against the simulated processor:`,
    );
    expect(run.out).toContain("Refunds:  ours 1 ($20), the simulated processor 1 ($20)");
    expect(run.out).toContain(
      "No differences: our ledger matches the simulated processor for this range.",
    );
  });

  it("lists each difference on its own line and exits 1", async () => {
    await withDatabase((handle) =>
      handle.db
        .update(simulatedRefunds)
        .set({ amount: 1_999 })
        .where(eq(simulatedRefunds.id, providerRefundId)),
    );
    try {
      const run = await runInProcess([`--from=${today}`]);
      expect(run.code).toBe(EXIT.differences);
      const lines = run.out.split("\n");
      const line = lines.find((l) => l.includes(providerRefundId));
      expect(line).toContain("Refund:  Amounts differ.");
      expect(line).toContain(`ours ${refundId}`);
      expect(line).toContain("our amount $20  provider amount $19.99");
      expect(run.out).toContain("1 difference.");
    } finally {
      await withDatabase((handle) =>
        handle.db
          .update(simulatedRefunds)
          .set({ amount: 2_000 })
          .where(eq(simulatedRefunds.id, providerRefundId)),
      );
    }
  });

  it("refuses bad arguments with exit 2 and the usage", async () => {
    for (const argv of [["--from"], ["--since", today], ["--from", "2026-02-30"], ["--to", "x"]]) {
      const run = await runInProcess(argv);
      expect(run.code, argv.join(" ")).toBe(EXIT.badArguments);
      expect(run.err).toContain("Usage: npm run reconcile");
    }
  });

  it("runs as its own process, and says so clearly when a server holds the data folder", async () => {
    const run = await runProcess(["--from", today]);
    expect(run.err).toBe("");
    expect(run.code).toBe(EXIT.clean);
    expect(run.out).toContain("No differences");

    const lock = acquireDataFolderLock(dataDir);
    try {
      const locked = await runProcess([]);
      expect(locked.code).toBe(EXIT.failed);
      expect(locked.err).toContain(
        `The data folder ${dataDir} is in use by a running Vernissage server (pid ${process.pid})`,
      );
      expect(locked.err).toContain("/admin/reconciliation");
    } finally {
      lock.release();
    }
  });
});
