// A deliberate violation of the server feature boundaries (eslint.config.js), for
// eslint.config.test.ts: search reaching into checkout's service (two ways) and auth's routes.
import { quote } from "../purchase/checkout.service";
import { registerAuthRoutes } from "../auth/auth.routes";
import { checkoutConfig } from "../../features/purchase/checkout.service";
// Allowed: another feature's repository, and shared server code.
import { listCities } from "../catalog/catalog.api";
import { AppError } from "../../errors";

export const crossFeature = [quote, registerAuthRoutes, checkoutConfig, listCities, AppError];
