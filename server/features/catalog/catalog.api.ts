/**
 * What other features may use of catalog: its repositories stay private to it.
 */
export { findUnknownIds, listCities } from "./catalog.repository";
