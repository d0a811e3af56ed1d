// What the money path allows (eslint.config.js): purchase importing orders' api.ts
// (downstream) and its own files. eslint.config.test.ts expects no error here.
import { openOrder } from "../orders/orders.api";
import { findUserIdByEmail } from "../users/users.api";
import { sellIn } from "./sale.service";

export const downstream = [openOrder, findUserIdByEmail, sellIn];
