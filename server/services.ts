import {
  createFileTransport,
  createSmtpTransport,
  type MailTransport,
} from "./adapters/mail/mail-transport";
import { createStorage } from "./adapters/storage/create-storage";
import type { StorageAdapter } from "./adapters/storage/storage";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { createPaymentProvider } from "./adapters/payments/create-payment-provider";
import { createPayoutProvider } from "./adapters/payouts/create-payout-provider";
import type { PaymentBody, QuoteBody, SimulatedConfirmBody } from "../contracts/checkout.contract";
import type {
  PasswordResetRequest,
  ResetPasswordBody,
  SessionUser,
  SignInData,
  SignUpData,
} from "../contracts/auth.contract";
import { createBetterAuth } from "./features/auth/better-auth";
import { betterAuthPasswordHashing, type PasswordHashing } from "./features/auth/password-hashing";
import {
  type AuthDeps,
  type RequestMeta,
  getSessionUser,
  hashPassword,
  passThrough,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "./features/auth/auth.service";
import { enqueueMail } from "./features/mail/outbox.repository";
import { readPageContentVersion } from "./features/page-cache/content-version.repository";
import {
  coalescedVersionReader,
  notifiedVersionReader,
} from "./features/page-cache/version-reader";
import { versionedMemo } from "./features/page-cache/versioned-memo";
import type { ArtworkRails } from "../contracts/artwork-rails.contract";
import { createOutboxWorker } from "./features/mail/outbox.worker";
import { createReconciler } from "./features/checkout/checkout.reconciler";
import { checkoutConfig, listPurchases, quote } from "./features/checkout/checkout.service";
import { startPayment } from "./features/checkout/payment.service";
import {
  type PurchaseDeps,
  capture,
  completeForPayer,
  releaseOfferHolds,
} from "./features/checkout/purchase.service";
import { confirmSimulated } from "./features/checkout/simulated-card.service";
import { handleWebhook } from "./features/checkout/webhook.service";
import {
  type CatalogDeps,
  getActiveBanner,
  getCategories,
  getCities,
} from "./features/catalog/catalog.service";
import {
  type DiscoveryDeps,
  type Viewer,
  getActiveExhibitions,
  getArtist,
  getArtistArtworks,
  getArtwork,
  getArtworkRails,
  getExhibition,
  getRelatedToArtwork,
} from "./features/discovery/discovery.service";
import type { ArtistTab } from "../contracts/artists.contract";
import type { ListingBody, ListingPatch } from "../contracts/artworks.contract";
import type { ProfileTab, ProfileUpdate } from "../contracts/profiles.contract";
import type { SearchQuery } from "../contracts/search.contract";
import type { AuditQuery } from "../contracts/admin.contract";
import { type AuditDeps, listAudit } from "./features/audit/audit.service";
import type { ApplicationsQuery } from "../contracts/admin-applications.contract";
import type { ArtistApplicationBody } from "../contracts/applications.contract";
import type { AuditActor } from "./features/audit/audit.repository";
import {
  type ApplicationsDeps,
  type TeamDecision,
  apply as applyAsArtist,
  decide as decideApplication,
  listQueue as listApplicationQueue,
  ownApplication,
  waitingCount as waitingApplications,
} from "./features/applications/applications.service";
import {
  attachApplicationImage,
  ownApplicationImages,
  removeApplicationImage,
} from "./features/applications/application-images.service";
import type {
  AdminArtworksQuery,
  CurationBody,
  HideBody,
} from "../contracts/admin-artworks.contract";
import type { PeopleQuery, SuspendBody } from "../contracts/admin-people.contract";
import {
  type ModerationDeps,
  hideArtworkAction,
  listArtworksPage,
  listPeoplePage,
  makePersonAdmin,
  reinstatePerson,
  revokePersonAdmin,
  setCurationAction,
  suspendPerson,
  unhideArtworkAction,
} from "./features/moderation/moderation.service";
import type {
  BannerCreate,
  ExhibitionArtworks,
  ExhibitionCreate,
  ExhibitionPatch,
  PickerQuery,
} from "../contracts/admin-curation.contract";
import {
  type CurationDeps,
  activateBanner,
  createBanner,
  createCatalogEntry,
  createExhibition,
  deactivateBanner,
  deleteBanner,
  deleteCatalog,
  editExhibition,
  getCatalogForAdmin,
  getExhibitionForAdmin,
  listBannersForAdmin,
  listExhibitionsForAdmin,
  pickArtworks,
  renameCatalog,
  setExhibitionActivity,
  setExhibitionArtworks,
} from "./features/curation/curation.service";
import {
  type SitePagesDeps,
  editSitePage,
  getSitePage,
  getSitePageForAdmin,
  listSitePagesForAdmin,
} from "./features/site-pages/site-pages.service";
import type { SitePageEdit } from "../contracts/site-pages.contract";
import {
  type MoveInput,
  type OrdersDeps,
  type RefundRequest,
  moveOrder,
  requestRefund,
  settleRefund,
} from "./features/orders/orders.service";
import { confirmReceipt, getPurchase, reportProblem } from "./features/orders/purchases.service";
import type { ReportProblemBody } from "../contracts/purchases.contract";
import {
  cannotFulfilSale,
  listSales,
  relistSale,
  salesCsvExport,
  salesSummary,
  shipSale,
} from "./features/orders/sales.service";
import type { CannotFulfilBody, SalesQuery, Shipment } from "../contracts/sales.contract";
import type {
  AdminOrdersQuery,
  CancelBody,
  CloseProblemBody,
  RefundBody,
  SettingsBody,
} from "../contracts/admin-orders.contract";
import {
  cancelOrderForTeam,
  closeProblemForTeam,
  getOrderForTeam,
  listOrdersForTeam,
  refundOrderForTeam,
} from "./features/orders/admin-orders.service";
import { type SettingsDeps, getSettings, setCommission } from "./features/orders/settings.service";
import { createOrderTimers } from "./features/orders/orders.timers";
import type { ReconciliationQuery } from "../contracts/admin-reconciliation.contract";
import {
  type ReconciliationDeps,
  reconcile,
} from "./features/reconciliation/reconciliation.service";
import { checkHealth } from "./features/health/health.service";
import type { SimulatedOnboardingBody } from "../contracts/payouts.contract";
import {
  type PayoutViewer,
  type PayoutsDeps,
  completeSimulatedOnboarding,
  getPayouts,
  handleConnectWebhook,
  refreshFromStripe,
  startStripeOnboarding,
} from "./features/payouts/payouts.service";
import {
  type PayoutRunDeps,
  ownPayouts,
  payoutsOverview,
  runPayoutsNow,
} from "./features/payouts/payout-run.service";
import { createPayoutSchedule } from "./features/payouts/payout-run.schedule";
import { notifyTeamOfListing } from "./features/listings/listing-mail";
import {
  type ListingDeps,
  type ListingViewer,
  createListing,
  deleteListing,
  requireOwnListing,
  updateListing,
} from "./features/listings/listings.service";
import {
  type PhotoDeps,
  removeProfilePhoto,
  setProfilePhoto,
} from "./features/photos/photos.service";
import {
  type ProfilesDeps,
  getCollection,
  getProfileArtworks,
  getPublicProfile,
  updateOwnProfile,
} from "./features/profiles/profiles.service";
import { type SearchDeps, search, searchKnownIds } from "./features/search/search.service";
import { type SitemapDeps, getSitemapEntries } from "./features/seo/sitemap.service";
import { type UploadDeps, storeArtworkImage } from "./features/uploads/uploads.service";
import { createUploadSweeper } from "./features/uploads/uploads.sweeper";
import type { Logger } from "./logger";
import { purchasePasswordToken } from "./features/checkout/purchase-password";
import { offerAccessKey } from "./features/offers/offer-key";
import type { ClaimOfferBody, MakeOfferBody, OfferQuoteBody } from "../contracts/offers.contract";
import {
  type OfferAccess,
  type OffersDeps,
  getOffer,
  listMyOffers,
  makeOffer,
  claimOffer,
  confirmOffer,
  offerFor,
  quoteOffer,
} from "./features/offers/offers.service";
import {
  acceptOffer,
  authorizeOfferMove,
  counterOffer,
  declineOffer,
  withdrawOffer,
} from "./features/offers/offer-moves.service";
import { createOfferTimers } from "./features/offers/offers.timers";
import {
  type CollectorsDeps,
  followArtist,
  followStateOf,
  followingOf,
  saveWork,
  savedAmongWorks,
  savedArtworksOf,
  savedWorksOf,
  unfollowArtist,
  unsaveWork,
} from "./features/collectors/collectors.service";
import { sellIn } from "./features/checkout/sale.service";
import type {
  CreateAlertBody,
  MailPreferences,
  UpdateAlertBody,
} from "../contracts/alerts.contract";
import {
  type AlertsDeps,
  createAlert,
  describeUnsubscribe,
  listAlerts,
  preferencesOf,
  removeAlert,
  setPreferences,
  unsubscribe,
  updateAlert,
} from "./features/alerts/alerts.service";
import { createDigest } from "./features/alerts/digest.timers";

/** How long a new content version must be known before reads are kept under it (0033). */
const DATA_CACHE_SETTLE_MS = 1000;

/**
 * Everything the routes and the web app's loaders use, built once per process: the one
 * place that builds each feature's deps and binds its functions to them
 * (docs/architecture.md). The database itself is not on it: only services reach it.
 */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  /**
   * `now`: the orders' clock, injectable so tests move time instead of sleeping;
   * `dataCacheSettleMs`: tests keep reads under a version at once (decision 0033);
   * `passwordHashing`: Better Auth's by default, a cheaper scrypt in the integration tests.
   */
  options: { now?: () => Date; dataCacheSettleMs?: number; passwordHashing?: PasswordHashing } = {},
) {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  const transport: MailTransport = config.mail.smtpUrl
    ? createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from, logger })
    : createFileTransport({ dir: config.mail.outboxDir, from: config.mail.from, logger });
  const outbox = createOutboxWorker({ db, transport, logger });
  const passwordHashing = options.passwordHashing ?? betterAuthPasswordHashing;
  const betterAuth = createBetterAuth({
    passwordHashing,
    config,
    db,
    logger,
    async enqueueMail(mail) {
      await enqueueMail(db, mail);
      outbox.kick();
    },
  });
  const authDeps: AuthDeps = { betterAuth, db, config, logger };
  // One deps object serves every checkout module: each names the part it needs.
  const checkoutDeps: PurchaseDeps = {
    db,
    provider: createPaymentProvider(config.payments, db),
    logger,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
    commissionBps: config.commissionBps,
    now,
    offerKey: (offerId: string) => offerAccessKey(config.sessionSecret, offerId),
    hashPassword: passwordHashing.hash,
    passwordToken: (paymentId: string) => purchasePasswordToken(config.sessionSecret, paymentId),
  };
  const ordersDeps: OrdersDeps = { ...checkoutDeps, teamEmail: config.teamEmail };
  const collectorsDeps: CollectorsDeps = { db };
  const alertsDeps: AlertsDeps = { db, secret: config.sessionSecret, now };
  // Offers (issue 15): a sale by the checkout's exactly-once path, wired here.
  const offersDeps: OffersDeps = {
    db,
    provider: checkoutDeps.provider,
    logger,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
    now,
    secret: config.sessionSecret,
    hashPassword: passwordHashing.hash,
    sellIn: (tx, payment) => sellIn(tx, checkoutDeps, payment, null),
    capture: (payment) => capture(checkoutDeps, payment),
    releaseHolds: (holds) => releaseOfferHolds(checkoutDeps, holds),
  };
  const settingsDeps: SettingsDeps = { db, commissionBps: config.commissionBps };
  const storage: StorageAdapter = createStorage(config, logger);

  const discoveryDeps: DiscoveryDeps = { db };
  // Issue 17: one version read serves every request that arrives while it runs (never one
  // that started before a request came), and the rails are made once per work and version.
  // PGlite (one process) is told of each change after its commit and reads it only then.
  const readVersion = () => readPageContentVersion(db);
  const pageContentVersion = database.watchPageContentVersion
    ? notifiedVersionReader(readVersion, database.watchPageContentVersion, (error) =>
        logger.error("Not told of content changes: reading the version per request", { error }),
      )
    : coalescedVersionReader(readVersion);
  const railsMemo = versionedMemo<ArtworkRails>({
    maxEntries: config.dataCache.maxEntries,
    maxAgeMs: config.dataCache.maxAgeMs,
    settleMs: options.dataCacheSettleMs ?? DATA_CACHE_SETTLE_MS,
    readVersion: pageContentVersion,
  });
  const catalogDeps: CatalogDeps = { db };
  const sitemapDeps: SitemapDeps = { db };
  const searchDeps: SearchDeps = { db };
  const profilesDeps: ProfilesDeps = { db };
  const auditDeps: AuditDeps = { db };
  const applicationsDeps: ApplicationsDeps = {
    db,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
  };
  const moderationDeps: ModerationDeps = {
    db,
    publicUrl: config.publicUrl,
    teamEmail: config.teamEmail,
    kickOutbox: () => outbox.kick(),
  };
  const payoutsDeps: PayoutsDeps = {
    db,
    provider: createPayoutProvider(config.payments, config.publicUrl, db),
    logger,
  };
  // Paying artists (issue 14): the payout run, daily and from the console.
  const payoutRunDeps: PayoutRunDeps = {
    ...payoutsDeps,
    now,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
  };
  const payoutSchedule = createPayoutSchedule(payoutRunDeps);
  const curationDeps: CurationDeps = { db };
  const sitePagesDeps: SitePagesDeps = { db };
  const reconciliationDeps: ReconciliationDeps = {
    db,
    payments: checkoutDeps.provider,
    payouts: payoutsDeps.provider,
    now,
  };
  const photoDeps: PhotoDeps = { db, storage, logger };
  const uploadDeps: UploadDeps = { db, storage, logger };
  const listingDeps: ListingDeps = {
    db,
    storage,
    logger,
    onCreated: (artwork) =>
      notifyTeamOfListing(
        {
          db,
          logger,
          kickOutbox: () => outbox.kick(),
          teamEmail: config.teamEmail,
          publicUrl: config.publicUrl,
        },
        artwork,
      ),
  };

  return {
    config,
    logger,
    /** Sign-up, sign-in, sign-out, password reset and the session (server/features/auth). */
    auth: {
      signUp: (data: SignUpData, meta: RequestMeta) => signUp(authDeps, data, meta),
      signIn: (data: SignInData, meta: RequestMeta) => signIn(authDeps, data, meta),
      signOut: (meta: RequestMeta) => signOut(authDeps, meta),
      requestPasswordReset: (body: PasswordResetRequest, meta: RequestMeta) =>
        requestPasswordReset(authDeps, body, meta),
      resetPassword: (body: ResetPasswordBody, meta: RequestMeta) =>
        resetPassword(authDeps, body, meta),
      getSessionUser: (headers: Headers) => getSessionUser(authDeps, headers),
      passThrough: (request: Request) => passThrough(authDeps, request),
      hashPassword: (password: string) => hashPassword(authDeps, password),
    },
    outbox,
    mailTransport: transport,
    /** The version of what visitors' pages show, for the page cache (issue 17). */
    pageContentVersion,
    /** `GET /api/health`: answers once the database does. */
    health: { check: () => checkHealth({ db, databaseKind: database.kind }) },
    /** The reads behind the discovery pages; loaders call these in-process. */
    discovery: {
      search: (query: SearchQuery) => search(searchDeps, query),
      /** The same, for ids the caller has checked against the catalogue it read. */
      searchKnownIds: (query: SearchQuery) => searchKnownIds(searchDeps, query),
      cities: () => getCities(catalogDeps),
      categories: () => getCategories(catalogDeps),
      activeBanner: () => getActiveBanner(catalogDeps),
      artwork: (id: string, viewer: Viewer) => getArtwork(discoveryDeps, id, viewer),
      /** The artwork page's two rails (issue 16), read beside the work. */
      artworkRails: (id: string) =>
        railsMemo(id.toLowerCase(), () => getArtworkRails(discoveryDeps, id)),
      /** `GET /api/artworks/:id/related`: the rails, 404 for a work the viewer may not see. */
      relatedToArtwork: (id: string, viewer: Viewer) =>
        getRelatedToArtwork(discoveryDeps, id, viewer),
      artist: (id: string) => getArtist(discoveryDeps, id),
      artistArtworks: (id: string, tab: ArtistTab) => getArtistArtworks(discoveryDeps, id, tab),
      exhibitions: () => getActiveExhibitions(discoveryDeps),
      exhibition: (id: string) => getExhibition(discoveryDeps, id),
    },
    /** Public profiles, their works, the own collection and the own-profile edit. */
    profiles: {
      publicProfile: (id: string) => getPublicProfile(profilesDeps, id),
      artworks: (id: string, tab: ProfileTab, viewerId?: string) =>
        getProfileArtworks(profilesDeps, id, tab, viewerId),
      collection: (id: string, viewerId: string | undefined) =>
        getCollection(profilesDeps, id, viewerId),
      updateOwn: (userId: string, update: ProfileUpdate) =>
        updateOwnProfile(profilesDeps, userId, update),
    },
    /** The signed-in person's own profile photo. */
    photos: {
      set: (userId: string, upload: Buffer) => setProfilePhoto(photoDeps, userId, upload),
      remove: (userId: string) => removeProfilePhoto(photoDeps, userId),
    },
    /** The owner-artist's listing writes; a new listing is mailed to the team. */
    listings: {
      requireOwn: (viewer: ListingViewer, id: string) => requireOwnListing(listingDeps, viewer, id),
      create: (viewer: ListingViewer, body: ListingBody) =>
        createListing(listingDeps, viewer, body),
      update: (viewer: ListingViewer, id: string, patch: ListingPatch) =>
        updateListing(listingDeps, viewer, id, patch),
      remove: (viewer: ListingViewer, id: string) => deleteListing(listingDeps, viewer, id),
    },
    /** Our ledger against the processor's and payout provider's records (`npm run reconcile`). */
    reconciliation: {
      run: (query: ReconciliationQuery) => reconcile(reconciliationDeps, query),
    },
    /** The console's audit log (decision 0027); the actions write it themselves. */
    audit: { list: (query: AuditQuery) => listAudit(auditDeps, query) },
    /** Artist applications: the console's queue and answers, and the applicant's side. */
    applications: {
      list: (query: ApplicationsQuery) => listApplicationQueue(applicationsDeps, query),
      waitingCount: () => waitingApplications(applicationsDeps),
      decide: (actor: AuditActor, userId: string, decision: TeamDecision) =>
        decideApplication(applicationsDeps, actor, userId, decision),
      own: (viewer: { id: string; isArtist: boolean }) => ownApplication(applicationsDeps, viewer),
      apply: (userId: string, body: ArtistApplicationBody) =>
        applyAsArtist(applicationsDeps, userId, body),
      /** Pictures of the applicant's work, through the image pipeline (at most 6). */
      images: (userId: string) => ownApplicationImages(uploadDeps, userId),
      attachImage: (viewer: { id: string; isArtist: boolean }, file: Buffer) =>
        attachApplicationImage(uploadDeps, viewer, file),
      removeImage: (userId: string, id: string) => removeApplicationImage(uploadDeps, userId, id),
    },
    /** An artist's payout onboarding: simulated or Stripe Connect (issue 13). */
    payouts: {
      provider: payoutsDeps.provider.name,
      get: (viewer: PayoutViewer) => getPayouts(payoutsDeps, viewer),
      completeSimulated: (viewer: PayoutViewer, body: SimulatedOnboardingBody) =>
        completeSimulatedOnboarding(payoutsDeps, viewer, body),
      startStripe: (viewer: PayoutViewer) => startStripeOnboarding(payoutsDeps, viewer),
      refreshFromStripe: (viewer: PayoutViewer) => refreshFromStripe(payoutsDeps, viewer),
      handleConnectWebhook: (rawBody: string, signature: string | undefined) =>
        handleConnectWebhook(payoutsDeps, rawBody, signature),
      /** One payout run now (shared with a run already going in this process). */
      run: () => payoutSchedule.run(),
      /** The daily run's timer, started and stopped with the server. */
      schedule: payoutSchedule,
      overview: () => payoutsOverview(payoutRunDeps),
      runNow: (actor: AuditActor) => runPayoutsNow(payoutRunDeps, actor, payoutSchedule.run),
      history: (viewer: PayoutViewer) => ownPayouts(payoutRunDeps, viewer),
    },
    /** The console's People and Artworks areas (decision 0027); `actor` is the signed-in admin. */
    moderation: {
      people: (query: PeopleQuery) => listPeoplePage(moderationDeps, query),
      suspend: (actor: AuditActor, id: string, body: SuspendBody) =>
        suspendPerson(moderationDeps, actor, id, body),
      reinstate: (actor: AuditActor, id: string) => reinstatePerson(moderationDeps, actor, id),
      makeAdmin: (actor: AuditActor, id: string) => makePersonAdmin(moderationDeps, actor, id),
      revokeAdmin: (actor: AuditActor, id: string) => revokePersonAdmin(moderationDeps, actor, id),
      artworks: (query: AdminArtworksQuery) => listArtworksPage(moderationDeps, query),
      hide: (actor: AuditActor, id: string, body: HideBody) =>
        hideArtworkAction(moderationDeps, actor, id, body),
      unhide: (actor: AuditActor, id: string) => unhideArtworkAction(moderationDeps, actor, id),
      curation: (actor: AuditActor, id: string, body: CurationBody) =>
        setCurationAction(moderationDeps, actor, id, body),
    },
    /** The console's exhibitions, banners, cities and categories (server/features/curation). */
    curation: {
      exhibitions: () => listExhibitionsForAdmin(curationDeps),
      exhibition: (id: string) => getExhibitionForAdmin(curationDeps, id),
      createExhibition: (actor: AuditActor, body: ExhibitionCreate) =>
        createExhibition(curationDeps, actor, body),
      editExhibition: (actor: AuditActor, id: string, patch: ExhibitionPatch) =>
        editExhibition(curationDeps, actor, id, patch),
      setExhibitionActive: (actor: AuditActor, id: string, active: boolean) =>
        setExhibitionActivity(curationDeps, actor, id, active),
      setExhibitionArtworks: (actor: AuditActor, id: string, body: ExhibitionArtworks) =>
        setExhibitionArtworks(curationDeps, actor, id, body),
      pickArtworks: (query: PickerQuery) => pickArtworks(curationDeps, query),
      banners: () => listBannersForAdmin(curationDeps),
      createBanner: (actor: AuditActor, body: BannerCreate) =>
        createBanner(curationDeps, actor, body),
      activateBanner: (actor: AuditActor, id: string) => activateBanner(curationDeps, actor, id),
      deactivateBanner: (actor: AuditActor, id: string) =>
        deactivateBanner(curationDeps, actor, id),
      deleteBanner: (actor: AuditActor, id: string) => deleteBanner(curationDeps, actor, id),
      catalog: () => getCatalogForAdmin(curationDeps),
      createCatalogEntry: (actor: AuditActor, kind: "city" | "category", name: string) =>
        createCatalogEntry(curationDeps, actor, kind, name),
      renameCatalogEntry: (
        actor: AuditActor,
        kind: "city" | "category",
        id: string,
        name: string,
      ) => renameCatalog(curationDeps, actor, kind, id, name),
      deleteCatalogEntry: (actor: AuditActor, kind: "city" | "category", id: string) =>
        deleteCatalog(curationDeps, actor, kind, id),
    },
    /** About, Contact, FAQ, Shipping & returns, Terms and Privacy (server/features/site-pages). */
    sitePages: {
      get: (slug: string) => getSitePage(sitePagesDeps, slug),
      list: () => listSitePagesForAdmin(sitePagesDeps),
      getForAdmin: (slug: string) => getSitePageForAdmin(sitePagesDeps, slug),
      edit: (actor: AuditActor, slug: string, body: SitePageEdit) =>
        editSitePage(sitePagesDeps, actor, slug, body),
    },
    /** The sitemap's pages. */
    seo: { sitemapEntries: () => getSitemapEntries(sitemapDeps) },
    storage,
    /** Quote, payment, purchase, webhooks and the reconciler (server/features/checkout). */
    checkout: {
      config: () => checkoutConfig(checkoutDeps),
      quote: (body: QuoteBody, viewer: SessionUser | null) => quote(checkoutDeps, body, viewer),
      startPayment: (body: PaymentBody, viewer: SessionUser | null, clientIp?: string) =>
        startPayment(checkoutDeps, body, viewer, clientIp),
      confirmSimulated: (body: SimulatedConfirmBody) => confirmSimulated(checkoutDeps, body),
      completeForPayer: (paymentId: string, clientSecret: string) =>
        completeForPayer(checkoutDeps, paymentId, clientSecret),
      handleWebhook: (rawBody: string, signature: string | undefined) =>
        handleWebhook(checkoutDeps, rawBody, signature),
      purchases: (userId: string) => listPurchases(checkoutDeps, userId),
      reconciler: createReconciler(checkoutDeps),
    },
    /** Saved works and followed artists, the session's own (server/features/collectors). */
    collectors: {
      save: (userId: string, artworkId: string) => saveWork(collectorsDeps, userId, artworkId),
      unsave: (userId: string, artworkId: string) => unsaveWork(collectorsDeps, userId, artworkId),
      saved: (userId: string) => savedWorksOf(collectorsDeps, userId),
      follow: (userId: string, artistId: string) => followArtist(collectorsDeps, userId, artistId),
      unfollow: (userId: string, artistId: string) =>
        unfollowArtist(collectorsDeps, userId, artistId),
      following: (userId: string) => followingOf(collectorsDeps, userId),
      /** Which of these works the person saved (a page's hearts). */
      savedAmong: (userId: string, artworkIds: readonly string[]) =>
        savedAmongWorks(collectorsDeps, userId, artworkIds),
      /** The own Saved tab's cards. */
      savedArtworks: (userId: string) => savedArtworksOf(collectorsDeps, userId),
      followState: (artistId: string, viewerId: string | null) =>
        followStateOf(collectorsDeps, artistId, viewerId),
    },
    /**
     * Alerts, mail preferences and unsubscribe links (server/features/alerts, decision
     * 0031): the session's own, except the two unsubscribe calls, which the signed token
     * authorises.
     */
    alerts: {
      list: (userId: string) => listAlerts(alertsDeps, userId),
      create: (userId: string, input: CreateAlertBody) => createAlert(alertsDeps, userId, input),
      update: (userId: string, alertId: string, patch: UpdateAlertBody) =>
        updateAlert(alertsDeps, userId, alertId, patch),
      remove: (userId: string, alertId: string) => removeAlert(alertsDeps, userId, alertId),
      preferences: (userId: string) => preferencesOf(alertsDeps, userId),
      setPreferences: (userId: string, input: MailPreferences) =>
        setPreferences(alertsDeps, userId, input),
      describeUnsubscribe: (token: string) => describeUnsubscribe(alertsDeps, token),
      unsubscribe: (token: string) => unsubscribe(alertsDeps, token),
      /** The e-mail digest of new matching works: every DIGEST_INTERVAL_SECONDS. */
      digest: createDigest({
        db,
        logger,
        now,
        publicUrl: config.publicUrl,
        secret: config.sessionSecret,
        kickOutbox: () => outbox.kick(),
        settleMarginMs: config.digestSettleSeconds * 1000,
      }),
    },
    /** Offers backed by a card hold (server/features/offers, decision 0030). */
    offers: {
      /** Answers 404 unless `access` is the offer's buyer, its artist or the team. */
      access: async (offerId: string, access: OfferAccess) => {
        await offerFor(offersDeps, offerId, access);
      },
      quote: (body: OfferQuoteBody, viewer: SessionUser | null) =>
        quoteOffer(offersDeps, body, viewer),
      make: (body: MakeOfferBody, viewer: SessionUser | null, clientIp?: string) =>
        makeOffer(offersDeps, body, viewer, clientIp),
      get: (offerId: string, access: OfferAccess) => getOffer(offersDeps, offerId, access),
      confirm: (offerId: string, access: OfferAccess) => confirmOffer(offersDeps, offerId, access),
      claim: (offerId: string, body: ClaimOfferBody) => claimOffer(offersDeps, offerId, body),
      authorize: (
        offerId: string,
        access: OfferAccess,
        body: { amount: number; expectedTotal: number },
        clientIp?: string,
      ) => authorizeOfferMove(offersDeps, offerId, access, body, clientIp),
      accept: (
        offerId: string,
        access: OfferAccess,
        body: { amount?: number; paymentId?: string },
      ) => acceptOffer(offersDeps, offerId, access, body),
      counter: (
        offerId: string,
        access: OfferAccess,
        body: { amount: number; paymentId?: string },
      ) => counterOffer(offersDeps, offerId, access, body),
      decline: (offerId: string, access: OfferAccess, body: { message: string }) =>
        declineOffer(offersDeps, offerId, access, body),
      withdraw: (offerId: string, access: OfferAccess) =>
        withdrawOffer(offersDeps, offerId, access),
      listMine: (userId: string, role: "buyer" | "artist") =>
        listMyOffers(offersDeps, userId, role),
      /** Expiry, lapsed cards and stranded holds: every minute. */
      timers: createOfferTimers(offersDeps),
    },
    /** The orders after the sale: moves, refunds (server/features/orders, decision 0029). */
    orders: {
      move: (input: MoveInput) => moveOrder(ordersDeps, input),
      requestRefund: (input: RefundRequest) => requestRefund(ordersDeps, input),
      settleRefund: (refundId: string) => settleRefund(ordersDeps, refundId),
      /** Reminders, ship-by cancellations, delivery, completion, refund retries: every minute. */
      timers: createOrderTimers(ordersDeps),
    },
    /** The buyer's own orders: the order page, confirm receipt, report a problem. */
    purchases: {
      get: (buyerId: string, orderId: string) => getPurchase(ordersDeps, buyerId, orderId),
      confirmReceipt: (buyerId: string, orderId: string) =>
        confirmReceipt(ordersDeps, buyerId, orderId),
      reportProblem: (buyerId: string, orderId: string, body: ReportProblemBody) =>
        reportProblem(ordersDeps, buyerId, orderId, body),
    },
    /** The artist's own sales (`artistId`: the signed-in artist), /api/me/sales and /profile/sales. */
    sales: {
      list: (artistId: string, query: SalesQuery) => listSales(ordersDeps, artistId, query),
      summary: (artistId: string) => salesSummary(ordersDeps, artistId),
      ship: (artistId: string, orderId: string, shipment: Shipment) =>
        shipSale(ordersDeps, artistId, orderId, shipment),
      cannotFulfil: (artistId: string, orderId: string, body: CannotFulfilBody) =>
        cannotFulfilSale(ordersDeps, artistId, orderId, body),
      relist: (artistId: string, orderId: string) => relistSale(ordersDeps, artistId, orderId),
      csv: (artistId: string) => salesCsvExport(ordersDeps, artistId),
    },
    /** The console's orders: the list, one order, and the team's refunds, closing and cancelling. */
    teamOrders: {
      list: (query: AdminOrdersQuery) => listOrdersForTeam(ordersDeps, query),
      get: (id: string) => getOrderForTeam(ordersDeps, id),
      refund: (actor: AuditActor, id: string, body: RefundBody) =>
        refundOrderForTeam(ordersDeps, actor, id, body),
      closeProblem: (actor: AuditActor, id: string, body: CloseProblemBody) =>
        closeProblemForTeam(ordersDeps, actor, id, body),
      cancel: (actor: AuditActor, id: string, body: CancelBody) =>
        cancelOrderForTeam(ordersDeps, actor, id, body),
    },
    /** The marketplace settings the team edits in the console: the commission on new sales. */
    settings: {
      get: () => getSettings(settingsDeps),
      setCommission: (actor: AuditActor, body: SettingsBody) =>
        setCommission(settingsDeps, actor, body),
    },
    /**
     * Artwork image uploads, and the sweeper that deletes uploads no listing used within
     * a day (server/features/uploads).
     */
    uploads: {
      storeImage: (uploaderId: string, file: Buffer) =>
        storeArtworkImage(uploadDeps, uploaderId, file),
      sweeper: createUploadSweeper(uploadDeps),
    },
  };
}

export type AppServices = ReturnType<typeof createServices>;
