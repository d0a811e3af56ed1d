import type { ActiveBanner, CatalogEntry } from "../../../contracts/catalog.contract";
import type { Database } from "../../db/client";
import { findActiveBanner, listCategories, listCities } from "./catalog.repository";

/** The marketplace's fixed lists (SPEC §3 City, Art category, Banner); reads with no rules yet. */
export type CatalogDeps = { db: Database };

export function getCities(deps: CatalogDeps): Promise<CatalogEntry[]> {
  return listCities(deps.db);
}

export function getCategories(deps: CatalogDeps): Promise<CatalogEntry[]> {
  return listCategories(deps.db);
}

export function getActiveBanner(deps: CatalogDeps): Promise<ActiveBanner> {
  return findActiveBanner(deps.db);
}
