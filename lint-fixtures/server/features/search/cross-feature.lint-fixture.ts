// A deliberate violation of the server feature boundaries (eslint.config.js), for
// eslint.config.test.ts: search reaching into purchase's service (two ways), auth's routes
// and catalog's repository.
import { quote } from "../purchase/checkout.service";
import { registerAuthRoutes } from "../auth/auth.routes";
import { checkoutConfig } from "../../features/purchase/checkout.service";
import { listCities } from "../catalog/catalog.repository";
// Allowed: another feature's api.ts, and shared server code.
import { findUnknownIds } from "../catalog/catalog.api";
import { AppError } from "../../errors";

export const crossFeature = [
  quote,
  registerAuthRoutes,
  checkoutConfig,
  listCities,
  findUnknownIds,
  AppError,
];
