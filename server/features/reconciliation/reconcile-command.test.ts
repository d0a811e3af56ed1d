import { describe, expect, it } from "vitest";
import { parseReconcileArgs, reportLines } from "./reconcile-command";

describe("parseReconcileArgs", () => {
  it("takes --from and --to, separate or with =, and --help", () => {
    expect(parseReconcileArgs(["--from", "2026-11-01", "--to=2026-11-30"])).toEqual({
      ok: true,
      args: { help: false, from: "2026-11-01", to: "2026-11-30" },
    });
    expect(parseReconcileArgs([])).toEqual({ ok: true, args: { help: false } });
    expect(parseReconcileArgs(["-h"])).toEqual({ ok: true, args: { help: true } });
  });

  it("refuses unknown, valueless and repeated arguments with a message", () => {
    expect(parseReconcileArgs(["--since", "2026-11-01"])).toEqual({
      ok: false,
      message: "Unknown argument: --since",
    });
    expect(parseReconcileArgs(["--from"])).toEqual({
      ok: false,
      message: "--from needs a date (YYYY-MM-DD).",
    });
    expect(parseReconcileArgs(["--from", "--to", "2026-11-01"])).toMatchObject({ ok: false });
    expect(parseReconcileArgs(["--to=", "x"])).toMatchObject({ ok: false });
    expect(parseReconcileArgs(["--to", "2026-11-01", "--to", "2026-11-02"])).toEqual({
      ok: false,
      message: "--to is given twice.",
    });
    const long = parseReconcileArgs([`--${"x".repeat(10_000)}`]);
    expect(long.ok || long.message.length).toBeLessThan(80);
  });
});

describe("reportLines", () => {
  const totals = { ours: { count: 2, amount: 30_000 }, provider: { count: 2, amount: 30_000 } };
  const report = {
    from: "2026-11-01",
    to: "2026-11-30",
    provider: "stripe" as const,
    providerLabel: "Stripe",
    differences: [],
    omitted: 0,
    summary: { captures: totals, refunds: totals, payouts: totals, differences: 0, known: 0 },
  };

  it("ends with the summary, and says there is no difference when there is none", () => {
    const lines = reportLines(report);
    expect(lines).toContain("Reconciled 2026-11-01 to 2026-11-30 (UTC) against Stripe:");
    expect(lines).toContain("  Captures: ours 2 ($300), Stripe 2 ($300)");
    expect(lines.at(-1)).toBe("No differences: our ledger matches Stripe for this range.");
  });

  it("counts differences and the known ones, and says how many were not listed", () => {
    const lines = reportLines({
      ...report,
      omitted: 5,
      summary: { ...report.summary, differences: 1_005, known: 2 },
    });
    expect(lines).toContain("… and 5 more differences not listed.");
    expect(lines.at(-1)).toBe("1005 differences (2 known).");
  });
});
