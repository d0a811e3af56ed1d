// A deliberate violation (eslint.config.js): payouts reading the ledger through orders'
// repository, and importing purchase. Through orders.api.ts it is allowed.
import { artistBalances } from "../orders/ledger.repository";
import { capture } from "../purchase/purchase.api";
import { unpaidByArtist } from "../orders/orders.api";

export const internals = [artistBalances, capture, unpaidByArtist];
