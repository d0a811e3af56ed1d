import { randomBytes } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTransfersStandIn, listPage } from "./stripe-stand-in-transfers.test-helpers";

/** A PaymentIntent as the stand-in keeps it: the fields the SDK and our code read. */
export type StandInIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  capture_method: string;
  client_secret: string;
  status: "requires_payment_method" | "requires_capture" | "succeeded" | "canceled";
  metadata: Record<string, string>;
  transfer_data: { destination: string } | null;
};

/** A refund as the stand-in keeps it, for the team's refunds. */
export type StandInRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
  metadata: Record<string, string>;
};

/** A Connect account as the stand-in keeps it, for the payout onboarding. */
export type StandInAccount = {
  id: string;
  object: "account";
  type: string;
  country: string;
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { disabled_reason: string | null; past_due: string[]; currently_due: string[] };
  metadata: Record<string, string>;
  capabilities: Record<string, string>;
  external_accounts: { object: "list"; data: { object: "bank_account"; last4: string }[] };
};

/**
 * A local HTTP stand-in for the Stripe endpoints the server uses (create, retrieve,
 * capture, cancel a PaymentIntent; create and list refunds; Connect accounts and
 * links), with Stripe's idempotency keys and state rules, so the real `stripe` SDK can
 * be tested without the network.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const captureCalls = new Map<string, number>();
  const requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    /** When it arrived (epoch ms). */
    at: number;
  }[] = [];
  const accounts = new Map<string, StandInAccount>();
  const accountsByKey = new Map<string, StandInAccount>();
  const linksByKey = new Map<string, object>();
  const refunds: StandInRefund[] = [];
  const refundsByKey = new Map<string, StandInRefund>();
  /** How many of the next refund requests fail as if Stripe were down, and when. */
  let refundFailures = 0;
  let refundFailureWhen: "before" | "after" = "before";
  /** Paths (prefixes) whose requests are read and then never answered. */
  let hanging: string[] = [];
  const capturedAt = new Map<string, number>();
  const accountLinks: {
    account: string;
    refresh_url: string;
    return_url: string;
    type: string;
    url: string;
  }[] = [];
  // Transfers, reversals (for the payouts) and minimal refunds: their own block.
  const transfersStandIn = createTransfersStandIn();

  function metadataOf(form: URLSearchParams) {
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    return metadata;
  }

  function createAccount(form: URLSearchParams, key: string | undefined): StandInAccount {
    const cached = key ? accountsByKey.get(key) : undefined;
    if (cached) return cached;
    const capabilities: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^capabilities\[(.+)\]\[requested\]$/.exec(name);
      if (match?.[1] && value === "true") capabilities[match[1]] = "inactive";
    }
    const account: StandInAccount = {
      id: `acct_${randomBytes(8).toString("hex")}`,
      object: "account",
      type: form.get("type") ?? "",
      country: form.get("country") ?? "",
      email: form.get("email"),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        disabled_reason: null,
        past_due: [],
        currently_due: ["individual.first_name", "external_account"],
      },
      metadata: metadataOf(form),
      capabilities,
      external_accounts: { object: "list", data: [] },
    };
    accounts.set(account.id, account);
    if (key) accountsByKey.set(key, account);
    return account;
  }

  function missing(res: ServerResponse, what: string) {
    send(res, 404, {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such ${what}`,
      },
    });
  }

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      "content-type": "application/json",
      "request-id": "req_standin",
      ...headers,
    });
    res.end(JSON.stringify(body));
  }

  function unexpectedState(res: ServerResponse, intent: StandInIntent, action: string) {
    send(res, 400, {
      error: {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
      },
    });
  }

  function create(form: URLSearchParams, key: string | undefined): StandInIntent {
    const cached = key ? byIdempotencyKey.get(key) : undefined;
    if (cached) return cached;
    const id = `pi_${randomBytes(8).toString("hex")}`;
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const destination = form.get("transfer_data[destination]");
    const intent: StandInIntent = {
      id,
      object: "payment_intent",
      amount: Number(form.get("amount")),
      currency: form.get("currency") ?? "",
      capture_method: form.get("capture_method") ?? "automatic",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      status: "requires_payment_method",
      metadata,
      transfer_data: destination ? { destination } : null,
    };
    intents.set(id, intent);
    if (key) byIdempotencyKey.set(key, intent);
    return intent;
  }

  /**
   * `POST /v1/refunds`: a captured PaymentIntent's money back, at most what is left of
   * it; a repeated idempotency key answers the first refund (Stripe's rules).
   */
  function refund(res: ServerResponse, form: URLSearchParams, key: string | undefined) {
    const cached = key ? refundsByKey.get(key) : undefined;
    if (cached) return send(res, 200, cached);
    if (refundFailures > 0 && refundFailureWhen === "before") return refundOutage(res);
    const intent = intents.get(form.get("payment_intent") ?? "");
    if (!intent) return missing(res, "payment_intent");
    if (intent.status !== "succeeded") {
      return send(res, 400, {
        error: {
          type: "invalid_request_error",
          code: "charge_not_refundable",
          message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        },
      });
    }
    const left =
      intent.amount -
      refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.has("amount") ? Number(form.get("amount")) : left;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) {
      return send(res, 400, {
        error: {
          type: "invalid_request_error",
          code: left === 0 ? "charge_already_refunded" : "amount_too_large",
          param: "amount",
          message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        },
      });
    }
    const made: StandInRefund = {
      id: `re_${randomBytes(8).toString("hex")}`,
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
      metadata: metadataOf(form),
    };
    refunds.push(made);
    if (key) refundsByKey.set(key, made);
    if (refundFailures > 0) return refundOutage(res);
    return send(res, 200, made);
  }

  /** A 500 the SDK is told not to retry: the test decides what happens next. */
  function refundOutage(res: ServerResponse) {
    refundFailures--;
    res.setHeader("stripe-should-retry", "false");
    return send(res, 500, { error: { type: "api_error", message: "An error occurred." } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    const form = new URLSearchParams(raw);
    const path = (req.url ?? "").split("?")[0] ?? "";
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method: req.method ?? "", path, idempotencyKey: key, at: Date.now() });
    // Accepted and never answered: only the client's timeout ends the request.
    if (hanging.some((prefix) => path.startsWith(prefix))) return;
    const query = new URLSearchParams((req.url ?? "").split("?")[1] ?? "");
    const transferAnswer = transfersStandIn.route(req.method ?? "", path, query, form, key);
    if (transferAnswer) {
      return send(res, transferAnswer.status, transferAnswer.body, transferAnswer.headers);
    }
    // A charge per captured PaymentIntent, for the reconciliation.
    if (req.method === "GET" && path === "/v1/charges") {
      const charges = [...capturedAt].map(([intentId, created]) => {
        const intent = intents.get(intentId)!;
        return {
          id: `ch_${intentId.slice(3)}`,
          object: "charge",
          amount: intent.amount,
          amount_captured: intent.amount,
          captured: true,
          payment_intent: intentId,
          created,
        };
      });
      return send(res, 200, listPage(charges, query, path));
    }
    if (req.method === "POST" && path === "/v1/payment_intents")
      return send(res, 200, create(form, key));
    if (req.method === "POST" && path === "/v1/refunds") return refund(res, form, key);
    if (req.method === "GET" && path === "/v1/refunds") {
      const of = query.get("payment_intent");
      const matching = refunds.filter((r) => !of || r.payment_intent === of);
      return send(res, 200, listPage(matching, query, "/v1/refunds"));
    }
    if (req.method === "POST" && path === "/v1/accounts")
      return send(res, 200, createAccount(form, key));
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (req.method === "GET" && accountMatch?.[1]) {
      const account = accounts.get(accountMatch[1]);
      return account ? send(res, 200, account) : missing(res, "account");
    }
    if (req.method === "POST" && path === "/v1/account_links") {
      const cachedLink = key ? linksByKey.get(key) : undefined;
      if (cachedLink) return send(res, 200, cachedLink);
      const account = form.get("account") ?? "";
      if (!accounts.has(account)) return missing(res, "account");
      const link = {
        account,
        refresh_url: form.get("refresh_url") ?? "",
        return_url: form.get("return_url") ?? "",
        type: form.get("type") ?? "",
        url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(6).toString("hex")}`,
      };
      accountLinks.push(link);
      const answer = {
        object: "account_link",
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: link.url,
      };
      if (key) linksByKey.set(key, answer);
      return send(res, 200, answer);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    const intent = match?.[1] ? intents.get(match[1]) : undefined;
    if (!intent) {
      return send(res, 404, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such payment_intent",
        },
      });
    }
    if (req.method === "GET" && !match?.[2]) return send(res, 200, intent);
    if (match?.[2] === "capture") {
      captureCalls.set(intent.id, (captureCalls.get(intent.id) ?? 0) + 1);
      if (intent.status !== "requires_capture") return unexpectedState(res, intent, "capture");
      intent.status = "succeeded";
      capturedAt.set(intent.id, Math.floor(Date.now() / 1000));
      return send(res, 200, intent);
    }
    if (match?.[2] === "cancel") {
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return unexpectedState(res, intent, "cancel");
      }
      intent.status = "canceled";
      return send(res, 200, intent);
    }
    return send(res, 405, { error: { type: "invalid_request_error", message: "unsupported" } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: { message: String(error) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    captureCalls: (id: string) => captureCalls.get(id) ?? 0,
    /** What Stripe.js's confirmCardPayment does with a good card under manual capture. */
    authorize(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = "requires_capture";
      return intent;
    },
    accounts,
    accountLinks,
    /** Every refund made, oldest first. */
    refunds,
    /**
     * Requests to paths starting with one of these are accepted and never answered (a
     * Stripe that hangs), until called again with `[]`.
     */
    hang(paths: string[]) {
      hanging = paths;
    },
    /**
     * The next `count` refund requests fail with a 500 (Stripe down), then they work
     * again; "after": each refund is made first and only its answer is lost.
     */
    failNextRefunds(count: number, when: "before" | "after" = "before") {
      refundFailures = count;
      refundFailureWhen = when;
    },
    /** What Stripe does after 24 hours: no idempotency key answers what it answered. */
    forgetIdempotencyKeys() {
      for (const keys of [byIdempotencyKey, accountsByKey, linksByKey, refundsByKey]) {
        keys.clear();
      }
      transfersStandIn.forgetIdempotencyKeys();
    },
    /** What Stripe does as the artist fills in onboarding, or as requirements fall due. */
    updateAccount(
      id: string,
      patch: Partial<
        Pick<StandInAccount, "charges_enabled" | "payouts_enabled" | "details_submitted">
      > & { requirements?: Partial<StandInAccount["requirements"]>; bankLast4?: string },
    ) {
      const account = accounts.get(id);
      if (!account) throw new Error(`no account ${id}`);
      const { requirements, bankLast4, ...flags } = patch;
      Object.assign(account, flags);
      if (requirements) account.requirements = { ...account.requirements, ...requirements };
      if (bankLast4) {
        account.external_accounts.data = [{ object: "bank_account", last4: bankLast4 }];
      }
      return structuredClone(account);
    },
    /** When each PaymentIntent was captured (its charge's date in `GET /v1/charges`). */
    capturedAt,
    /** Transfers, reversals and refunds made, and the switches for their failures. */
    payouts: transfersStandIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Requests left hanging would keep close() waiting.
        server.closeAllConnections();
      }),
  };
}
