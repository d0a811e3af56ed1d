import { withoutUnusedOriginal } from "../../components/artwork-images";
import { type AppLoadContext, redirect } from "react-router";
import { savedStateFor } from "../../lib/collectors.server";
import type { FilterCatalog } from "./marketplace-filters";
import {
  parseMarketplaceQuery,
  toSearchQuery,
  toSearchString,
  withoutUnknownIds,
} from "./marketplace-query";

type Logger = AppLoadContext["services"]["logger"];

/**
 * The first page of the marketplace, rendered on the server for the view in the
 * URL. A link with parts the search cannot use (malformed or deleted ids, a bad
 * price range, an over-long text) is redirected to the same view without them,
 * never answered with an error page. The URL is read once, and its ids are checked
 * once: against the catalogue read for the filters, or, when that failed, by the search.
 */
export async function loadMarketplace(request: Request, context: AppLoadContext) {
  const { discovery, logger, config } = context.services;
  const parsed = parseMarketplaceQuery(new URL(request.url).searchParams);

  // SPEC §8: filter data and the banner fail silently (logged); the search does not.
  const [cities, categories, banner] = await Promise.all([
    quietly(logger, "cities", discovery.cities()),
    quietly(logger, "categories", discovery.categories()),
    quietly(logger, "banner", discovery.activeBanner()),
  ]);
  const catalog: FilterCatalog = { cities: cities ?? [], categories: categories ?? [] };
  const checked = cities !== undefined && categories !== undefined;
  const known = checked
    ? withoutUnknownIds(parsed.query, {
        cities: new Set(cities.map((c) => c.id)),
        categories: new Set(categories.map((c) => c.id)),
      })
    : { query: parsed.query, dropped: false };
  if (parsed.dropped || known.dropped) throw redirect(`/${toSearchString(known.query)}`);

  const query = known.query;
  const search = toSearchQuery(query, 0);
  const result = await (checked ? discovery.searchKnownIds(search) : discovery.search(search));
  // Issue 16: the hearts of the first page; Load More asks for its own cards.
  const viewer = await context.services.auth.getSessionUser(request.headers);
  const saved = await savedStateFor(
    context,
    viewer?.id,
    result.hits.map((hit) => hit.id),
  );
  return {
    query,
    result: { ...result, hits: result.hits.map(withoutUnusedOriginal) },
    catalog,
    banner: banner ?? null,
    saved,
    publicUrl: config.publicUrl,
  };
}

async function quietly<T>(logger: Logger, what: string, read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    logger.warn(`marketplace: could not read ${what}`, { error });
    return undefined;
  }
}
