// A deliberate violation of the money path's direction (eslint.config.js), for
// eslint.config.test.ts: orders importing purchase's and payouts' api.ts, upstream.
import { openOrder } from "./orders.api";
import { sellIn } from "../purchase/purchase.api";
import { payoutsOverview } from "../payouts/payouts.api";

export const upstream = [openOrder, sellIn, payoutsOverview];
