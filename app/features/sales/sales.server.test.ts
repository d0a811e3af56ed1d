import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { salesMessages as m } from "../../../contracts/sales.contract";
import { orderMessages as om } from "../../../domain/orders";
import { AppError } from "../../../server/errors";
import { loadSalesPage, submitSaleAction } from "./sales.server";

type Call = { method: string; args: unknown[] };

/** A load context whose sales service records its calls; `fail` makes every write throw it. */
function contextFor(user: { id: string; isArtist: boolean } | null, fail?: Error) {
  const calls: Call[] = [];
  const record =
    (method: string) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      return fail ? Promise.reject(fail) : Promise.resolve({});
    };
  const sales = {
    list: (...args: unknown[]) => {
      calls.push({ method: "list", args });
      return Promise.resolve({ items: [], nextCursor: null });
    },
    summary: () => Promise.resolve({ pending: 0, payable: 0, paidOut: 0 }),
    ship: record("ship"),
    cannotFulfil: record("cannotFulfil"),
    relist: record("relist"),
  };
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const auth = { getSessionUser: () => Promise.resolve(user) };
  const context = { services: { sales, auth, logger } } as unknown as AppLoadContext;
  return { context, calls };
}

const artist = { id: "a1", isArtist: true };

function post(fields: Record<string, string>) {
  return new Request("http://localhost/profile/sales", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What a thrown `data()` or redirect says: its status and body. */
function refusalOf(error: unknown) {
  if (error instanceof Response) return { status: error.status, data: undefined };
  const thrown = error as { data: unknown; init: { status: number } | null };
  return { status: thrown.init?.status, data: thrown.data };
}

async function answerOf(promise: ReturnType<typeof submitSaleAction>) {
  const answer = await promise;
  return { status: answer.init?.status ?? 200, data: answer.data };
}

describe("loadSalesPage", () => {
  it("sends the signed-out to /signin and refuses everyone but artists with 403", async () => {
    const signedOut = await loadSalesPage(
      contextFor(null).context,
      new Request("http://localhost/profile/sales"),
    ).catch((error: unknown) => error);
    expect(signedOut).toBeInstanceOf(Response);
    expect((signedOut as Response).headers.get("location")).toBe("/signin");
    const collector = await loadSalesPage(
      contextFor({ id: "c1", isArtist: false }).context,
      new Request("http://localhost/profile/sales"),
    ).catch((error: unknown) => error);
    expect(refusalOf(collector)).toEqual({ status: 403, data: m.artistsOnly });
  });

  it("reads the artist's own sales in the state of the address", async () => {
    const { context, calls } = contextFor(artist);
    const page = await loadSalesPage(
      context,
      new Request("http://localhost/profile/sales?status=shipped"),
    );
    expect(calls).toEqual([{ method: "list", args: ["a1", { status: "shipped" }] }]);
    expect(page).toMatchObject({ status: "shipped", paged: false });
  });

  it("refuses a state that does not exist with 400", async () => {
    const refused = await loadSalesPage(
      contextFor(artist).context,
      new Request("http://localhost/profile/sales?status=lost"),
    ).catch((error: unknown) => error);
    expect(refusalOf(refused)).toEqual({ status: 400, data: m.invalidFilter });
  });
});

describe("submitSaleAction", () => {
  it("refuses a collector before reading the form", async () => {
    const { context, calls } = contextFor({ id: "c1", isArtist: false });
    const notAForm = new Request("http://localhost/profile/sales", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const refused = await submitSaleAction(context, notAForm).catch((error: unknown) => error);
    expect(refusalOf(refused)).toEqual({ status: 403, data: m.artistsOnly });
    expect(calls).toEqual([]);
  });

  it("ships with a listed carrier, or the typed name when 'Other' is chosen", async () => {
    const { context, calls } = contextFor(artist);
    await submitSaleAction(
      context,
      post({ intent: "ship", orderId: "o1", carrier: "UPS", trackingNumber: " 1Z9 " }),
    );
    await submitSaleAction(
      context,
      post({
        intent: "ship",
        orderId: "o1",
        carrier: "other",
        otherCarrier: "Art Movers",
        trackingNumber: "AM-1",
      }),
    );
    expect(calls.map((c) => c.args)).toEqual([
      ["a1", "o1", { handedOver: false, carrier: "UPS", trackingNumber: "1Z9" }],
      ["a1", "o1", { handedOver: false, carrier: "Art Movers", trackingNumber: "AM-1" }],
    ]);
  });

  it("answers each form's notice: handed over, cannot fulfil with its reason, put back on sale", async () => {
    const { context, calls } = contextFor(artist);
    const handed = await answerOf(
      submitSaleAction(context, post({ intent: "hand-over", orderId: "o1" })),
    );
    expect(handed).toEqual({
      status: 200,
      data: { ok: true, message: m.handedOver, orderId: "o1" },
    });
    const cancelled = await answerOf(
      submitSaleAction(context, post({ intent: "cannot-fulfil", orderId: "o1", reason: " Ink " })),
    );
    expect(cancelled.data).toMatchObject({ ok: true, message: m.cancelled });
    const relisted = await answerOf(
      submitSaleAction(context, post({ intent: "relist", orderId: "o1" })),
    );
    expect(relisted.data).toMatchObject({ ok: true, message: m.relisted });
    expect(calls).toEqual([
      { method: "ship", args: ["a1", "o1", { handedOver: true }] },
      { method: "cannotFulfil", args: ["a1", "o1", { reason: "Ink" }] },
      { method: "relist", args: ["a1", "o1"] },
    ]);
  });

  it("refuses bad fields with the API's messages and calls nothing", async () => {
    const { context, calls } = contextFor(artist);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "ship", carrier: "", trackingNumber: "1" }, om.carrierRequired],
      [{ intent: "ship", carrier: "UPS", trackingNumber: "" }, om.trackingRequired],
      [{ intent: "ship", carrier: "UPS", trackingNumber: "9".repeat(61) }, m.trackingTooLong],
      [
        { intent: "ship", carrier: "other", otherCarrier: "", trackingNumber: "1" },
        om.carrierRequired,
      ],
      [{ intent: "cannot-fulfil", reason: "  " }, om.reasonRequired],
      [{ intent: "launch" }, "That action is not known."],
    ];
    for (const [fields, message] of cases) {
      const answer = await answerOf(submitSaleAction(context, post({ orderId: "o1", ...fields })));
      expect(answer, JSON.stringify(fields)).toEqual({
        status: 400,
        data: { ok: false, error: message, orderId: "o1" },
      });
    }
    expect(calls).toEqual([]);
  });

  it("shows the service's refusal with its status", async () => {
    const { context } = contextFor(artist, new AppError("CONFLICT", 409, om.alreadyMoved));
    const answer = await answerOf(
      submitSaleAction(context, post({ intent: "relist", orderId: "o1" })),
    );
    expect(answer).toEqual({
      status: 409,
      data: { ok: false, error: om.alreadyMoved, orderId: "o1" },
    });
  });
});
