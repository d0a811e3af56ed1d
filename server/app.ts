import { serveStatic } from "@hono/node-server/serve-static";
import { type Env, Hono, type MiddlewareHandler } from "hono";
import path from "node:path";
import { AppError } from "./errors";
import { registerAuditRoutes } from "./features/audit/audit.routes";
import { registerApplicationRoutes } from "./features/applications/applications.routes";
import { registerModerationRoutes } from "./features/moderation/moderation.routes";
import { registerCurationRoutes } from "./features/curation/curation.routes";
import { registerSitePageRoutes } from "./features/site-pages/site-pages.routes";
import { registerAdminOrderRoutes } from "./features/orders/admin-orders.routes";
import { registerReconciliationRoutes } from "./features/reconciliation/reconciliation.routes";
import { registerAuthRoutes } from "./features/auth/auth.routes";
import { registerCatalogRoutes } from "./features/catalog/catalog.routes";
import { registerCheckoutRoutes } from "./features/purchase/checkout.routes";
import { registerDiscoveryRoutes } from "./features/discovery/discovery.routes";
import { registerSearchRoutes } from "./features/search/search.routes";
import { registerSitemapRoutes } from "./features/seo/sitemap.routes";
import { registerHealthRoutes } from "./features/health/health.routes";
import { registerPhotoRoutes } from "./features/photos/photos.routes";
import { registerProfileRoutes } from "./features/profiles/profiles.routes";
import { registerListingRoutes } from "./features/listings/listings.routes";
import { registerPayoutRoutes } from "./features/payouts/payouts.routes";
import { registerPurchaseRoutes } from "./features/orders/purchases.routes";
import { registerReturnRoutes } from "./features/orders/returns.routes";
import { registerSalesRoutes } from "./features/orders/sales.routes";
import { registerPayoutRunRoutes } from "./features/payouts/payout-run.routes";
import { registerUploadRoutes } from "./features/uploads/uploads.routes";
import { registerOfferRoutes } from "./features/purchase/offers.routes";
import { registerCollectorRoutes } from "./features/collectors/collectors.routes";
import { registerAlertRoutes } from "./features/alerts/alerts.routes";
import { registerConversationRoutes } from "./features/conversations/conversations.routes";
import { registerDeviceRoutes } from "./features/auth/devices.routes";
import { registerDataRightsRoutes } from "./features/data-rights/data-rights.routes";
import { registerTwoStepRoutes } from "./features/auth/two-step.routes";
import { registerConversationReportRoutes } from "./features/conversations/conversation-reports.routes";
import { registerListingReportRoutes } from "./features/listing-reports/listing-reports.routes";
import { registerReviewRoutes } from "./features/reviews/reviews.routes";
import { clientIp, resolveClientIp } from "./http/client-ip";
import { createErrorHandler } from "./http/error-handler";
import { originGuard } from "./http/origin-guard";
import { privatePages } from "./http/private-pages";
import { clientFiles } from "./http/client-files";
import { compression } from "./http/compression";
import { conditionalGet } from "./http/conditional-get";
import { type PageCacheOptions, pageCache } from "./http/page-cache";
import { closeIfBodyUnread, rejectBadTextInUrl, requestBodyLimit } from "./http/request-limits";
import { cspNonce, pictureHeaders, securityHeaders } from "./http/security-headers";
import type { AppServices } from "./services";
import type { WebHandler } from "./web/load-context";
import { PRIVATE_PREFIX } from "./adapters/storage/storage";

export type ServerOptions = {
  services: AppServices;
  /** The React Router request handler; absent in API-only tests. */
  web?: { handler: WebHandler; clientDir?: string };
  /** Tests shorten the page cache's settling time (decision 0033); production uses the default. */
  pageCache?: Partial<Pick<PageCacheOptions, "settleMs" | "maxAgeMs" | "now">>;
};

/** How long a new content version must be known before pages are cached under it. */
const PAGE_CACHE_SETTLE_MS = 1000;

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * serveStatic with a Cache-Control header on the files it serves. Its own `onFound`
 * cannot do this: it runs after the response is built, so a header set there is lost.
 */
function staticFiles(
  options: Parameters<typeof serveStatic>[0],
  cacheControl: string,
): MiddlewareHandler<Env> {
  const serve = serveStatic(options);
  return async (c, next) => {
    let missed = false;
    const response = await serve(c, () => {
      missed = true;
      return Promise.resolve();
    });
    if (missed || !response) return next();
    response.headers.set("Cache-Control", cacheControl);
    return response;
  };
}

/** The whole HTTP surface, every feature registered here explicitly. */
export function buildServer({ services, web, pageCache: pageCacheOptions }: ServerOptions): Hono {
  const { logger, config } = services;
  const app = new Hono();

  app.onError(createErrorHandler(logger));
  app.use(closeIfBodyUnread());
  app.use(resolveClientIp(config.trustProxy));
  // Outermost of the answer's own steps: compresses what all the others made.
  app.use(compression());
  // Outside securityHeaders: a 304 carries no CSP, so the stored page keeps its own.
  app.use(conditionalGet());
  app.use(pictureHeaders());
  app.use(
    securityHeaders({
      stripe: config.payments.provider === "stripe",
      https: new URL(config.publicUrl).protocol === "https:",
    }),
  );
  app.use(privatePages());
  if (config.logRequests) {
    app.use(async (c, next) => {
      const start = performance.now();
      await next();
      if (c.req.path.startsWith("/assets/")) return;
      logger.info(
        `${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - start)}ms`,
      );
    });
  }

  // RFC 8058 one-click unsubscribe: a webmail may send it from its own site, and the
  // signed token in the address is the whole authority (no cookie is read), so the
  // cross-site check has nothing to protect there (decision 0031).
  app.use(originGuard(config.trustedOrigins, ["/api/unsubscribe"]));
  app.use(rejectBadTextInUrl());
  app.use(requestBodyLimit());
  // Inside securityHeaders, so a page from the cache gets this request's nonce.
  app.use(
    pageCache({
      maxBytes: config.pageCache.maxBytes,
      maxAgeMs: config.pageCache.maxAgeMs,
      settleMs: PAGE_CACHE_SETTLE_MS,
      readVersion: services.pageContentVersion,
      ...pageCacheOptions,
    }),
  );

  registerHealthRoutes(app, services);
  registerAuthRoutes(app, services);
  registerCatalogRoutes(app, services);
  // Search first: /api/artworks/search is not an artwork id.
  registerSearchRoutes(app, services);
  registerDiscoveryRoutes(app, services);
  registerProfileRoutes(app, services);
  registerPhotoRoutes(app, services);
  registerCheckoutRoutes(app, services);
  registerPurchaseRoutes(app, services);
  registerReturnRoutes(app, services);
  registerOfferRoutes(app, services);
  registerCollectorRoutes(app, services);
  registerAlertRoutes(app, services);
  registerConversationRoutes(app, services);
  registerDeviceRoutes(app, services);
  registerReviewRoutes(app, services);
  registerDataRightsRoutes(app, services);
  registerTwoStepRoutes(app, services);
  registerUploadRoutes(app, services);
  registerListingRoutes(app, services);
  registerPayoutRoutes(app, services);
  registerSalesRoutes(app, services);
  registerPayoutRunRoutes(app, services);
  registerSitemapRoutes(app, services);
  // The team's console (decision 0027): every /api/admin/* route runs adminOnly first.
  registerAuditRoutes(app, services);
  registerApplicationRoutes(app, services);
  registerModerationRoutes(app, services);
  registerConversationReportRoutes(app, services);
  registerListingReportRoutes(app, services);
  registerCurationRoutes(app, services);
  registerSitePageRoutes(app, services);
  registerAdminOrderRoutes(app, services);
  registerReconciliationRoutes(app, services);
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", 404, "Not found.");
  });

  // Private files (data exports) are handed out by their own routes, to their owner only.
  app.get(`/media/${PRIVATE_PREFIX}*`, (c) => c.text("Not found", 404));
  // With S3 storage the files are served by the bucket (or its CDN), not by us.
  if (services.storage.kind === "local") {
    app.use(
      "/media/*",
      staticFiles(
        {
          root: path.relative(process.cwd(), config.mediaDir),
          rewriteRequestPath: (p) => p.replace(/^\/media/, ""),
        },
        IMMUTABLE,
      ),
    );
  }
  app.get("/media/*", (c) => c.text("Not found", 404));

  if (web) {
    if (web.clientDir) {
      app.use(
        "*",
        clientFiles(web.clientDir, (p) =>
          p.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
        ),
      );
    }
    app.all("*", (c) =>
      web.handler(c.req.raw, { services, clientIp: clientIp(c), nonce: cspNonce(c) }),
    );
  }
  return app;
}
