import { randomBytes } from "node:crypto";

/**
 * The stand-in's transfers for the payouts (decision 0029): `POST /v1/transfers`,
 * `GET /v1/transfers/:id`, `POST` and `GET /v1/transfers/:id/reversals` and
 * `GET /v1/transfers`, with Stripe's idempotency keys, refusals and pages, and switches
 * for the failures the payout run must survive. Kept apart from
 * stripe-stand-in.test-helpers.ts, which routes to it (and uses its `listPage`).
 */

export type StandInTransferReversal = {
  id: string;
  object: "transfer_reversal";
  amount: number;
  currency: string;
  transfer: string;
  metadata: Record<string, string>;
  created: number;
};

export type StandInTransfer = {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  description: string | null;
  transfer_group: string | null;
  reversed: boolean;
  metadata: Record<string, string>;
  created: number;
  /** Every reversal, newest first (a transfer as Stripe answers it embeds the first 10). */
  reversals: { object: "list"; data: StandInTransferReversal[]; has_more: boolean; url: string };
};

/** Stripe embeds a transfer's first 10 reversals; the rest are paged from their own list. */
function shown(transfer: StandInTransfer) {
  const all = transfer.reversals.data;
  return {
    ...transfer,
    reversals: {
      ...transfer.reversals,
      data: all.slice(0, 10),
      has_more: all.length > 10,
      total_count: all.length,
    },
  };
}

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

type Listed = { id: string; created: number };

/**
 * `GET /v1/<things>?created[gte]=&created[lt]=&limit=&starting_after=`, newest first, as
 * Stripe pages: `limit` items (10 when not asked), `has_more` when more follow, and the
 * next page after the `starting_after` id. `items` oldest first.
 */
export function listPage<T extends Listed>(items: T[], query: URLSearchParams, url: string) {
  const gte = Number(query.get("created[gte]") ?? -Infinity);
  const lt = Number(query.get("created[lt]") ?? Infinity);
  const limit = Number(query.get("limit") ?? 10);
  // Newest first; within a second, the one made last first.
  const sorted = items
    .map((item, order) => ({ item, order }))
    .filter(({ item }) => item.created >= gte && item.created < lt)
    .sort((a, b) => b.item.created - a.item.created || b.order - a.order)
    .map(({ item }) => item);
  const after = query.get("starting_after");
  const from = after ? sorted.findIndex((item) => item.id === after) + 1 : 0;
  const data = sorted.slice(from, from + limit);
  return { object: "list", data, has_more: from + limit < sorted.length, url };
}

function refusal(message: string, code = "resource_missing"): Answer {
  return { status: 400, body: { error: { type: "invalid_request_error", code, message } } };
}

/** A 500 Stripe asks the SDK not to retry (the test decides what happens next). */
const OUTAGE: Answer = {
  status: 500,
  body: { error: { type: "api_error", message: "The stand-in is down." } },
  headers: { "stripe-should-retry": "false" },
};

const seconds = () => Math.floor(Date.now() / 1000);

/** "before": answers 500 having done nothing; "after": does it, then answers 500. */
type Outage = "before" | "after" | null;

export function createTransfersStandIn() {
  const transfers = new Map<string, StandInTransfer>();
  const byKey = new Map<string, StandInTransfer | StandInTransferReversal>();
  /** Destinations Stripe refuses ("No such destination"). */
  const failingDestinations = new Set<string>();
  const state = {
    transferOutage: null as Outage,
    reversalOutage: null as Outage,
  };

  function createTransfer(form: URLSearchParams, key: string | undefined): Answer {
    const cached = key ? byKey.get(key) : undefined;
    if (state.transferOutage === "before") return OUTAGE;
    if (cached) return { status: 200, body: "reversals" in cached ? shown(cached) : cached };
    const destination = form.get("destination") ?? "";
    if (failingDestinations.has(destination) || !destination.startsWith("acct_")) {
      return refusal(`No such destination: '${destination}'`);
    }
    const amount = Number(form.get("amount"));
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return refusal("This value must be greater than or equal to 1.", "parameter_invalid_integer");
    }
    const id = `tr_${randomBytes(8).toString("hex")}`;
    const transfer: StandInTransfer = {
      id,
      object: "transfer",
      amount,
      amount_reversed: 0,
      currency: form.get("currency") ?? "",
      destination,
      description: form.get("description"),
      transfer_group: form.get("transfer_group"),
      reversed: false,
      metadata: {},
      created: seconds(),
      reversals: {
        object: "list",
        data: [],
        has_more: false,
        url: `/v1/transfers/${id}/reversals`,
      },
    };
    transfers.set(id, transfer);
    if (key) byKey.set(key, transfer);
    return state.transferOutage === "after" ? OUTAGE : { status: 200, body: shown(transfer) };
  }

  function reverse(id: string, form: URLSearchParams, key: string | undefined): Answer {
    const cached = key ? byKey.get(key) : undefined;
    if (state.reversalOutage === "before") return OUTAGE;
    if (cached) return { status: 200, body: cached };
    const transfer = transfers.get(id);
    if (!transfer) return refusal(`No such transfer: '${id}'`);
    const amount = Number(form.get("amount") ?? transfer.amount - transfer.amount_reversed);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return refusal("This value must be greater than or equal to 1.", "parameter_invalid_integer");
    }
    if (transfer.amount_reversed + amount > transfer.amount) {
      return refusal("The reversal amount is greater than the amount left on the transfer.", "");
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const reversal: StandInTransferReversal = {
      id: `trr_${randomBytes(8).toString("hex")}`,
      object: "transfer_reversal",
      amount,
      currency: transfer.currency,
      transfer: id,
      metadata,
      created: seconds(),
    };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    if (key) byKey.set(key, reversal);
    return state.reversalOutage === "after" ? OUTAGE : { status: 200, body: reversal };
  }

  function list(query: URLSearchParams): Answer {
    const group = query.get("transfer_group");
    const destination = query.get("destination");
    const matching = [...transfers.values()]
      .filter((tr) => group === null || tr.transfer_group === group)
      .filter((tr) => destination === null || tr.destination === destination)
      .map(shown);
    return { status: 200, body: listPage(matching, query, "/v1/transfers") };
  }

  /** `GET /v1/transfers/:id/reversals`: all of them, paged (no date filter at Stripe). */
  function listReversals(id: string, query: URLSearchParams): Answer {
    const transfer = transfers.get(id);
    if (!transfer) return refusal(`No such transfer: '${id}'`);
    const oldestFirst = [...transfer.reversals.data].reverse();
    return { status: 200, body: listPage(oldestFirst, query, transfer.reversals.url) };
  }

  return {
    transfers,
    failingDestinations,
    state,
    /** What Stripe does after 24 hours: an idempotency key answers nothing any more. */
    forgetIdempotencyKeys: () => byKey.clear(),
    /** The answer to a request this block handles, or undefined for the others. */
    route(
      method: string,
      path: string,
      query: URLSearchParams,
      form: URLSearchParams,
      key: string | undefined,
    ): Answer | undefined {
      if (method === "POST" && path === "/v1/transfers") return createTransfer(form, key);
      if (method === "GET" && path === "/v1/transfers") return list(query);
      const one = /^\/v1\/transfers\/([^/]+)$/.exec(path);
      const found = one?.[1] ? transfers.get(one[1]) : undefined;
      if (method === "GET" && one?.[1]) {
        return found
          ? { status: 200, body: shown(found) }
          : refusal(`No such transfer: '${one[1]}'`);
      }
      const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
      if (method === "POST" && reversal?.[1]) return reverse(reversal[1], form, key);
      if (method === "GET" && reversal?.[1]) return listReversals(reversal[1], query);
      return undefined;
    },
  };
}
