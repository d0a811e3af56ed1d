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
import { createBetterAuth } from "./features/auth/better-auth";
import { betterAuthPasswordHashing, type PasswordHashing } from "./features/auth/password-hashing";
import {
  type AuthDeps,
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
import { listDevices, signOutDevice, signOutOtherDevices } from "./features/auth/devices.service";
import { type PasswordDeps, changePassword } from "./features/auth/password.service";
import { confirmEmailChangeFrom, requestEmailChange } from "./features/auth/email-change.service";
import {
  checkSecondStep,
  confirmTwoStep,
  describeSetup,
  disableTwoStep,
  regenerateBackupCodes,
  startTwoStep,
  twoStepRowFor,
  verifySignInStep,
} from "./features/auth/two-step.service";
import { readPageContentVersion } from "./features/page-cache/content-version.repository";
import {
  coalescedVersionReader,
  notifiedVersionReader,
} from "./features/page-cache/version-reader";
import { versionedMemo } from "./features/page-cache/versioned-memo";
import type { ArtworkRails } from "../contracts/artwork-rails.contract";
import { createOutboxWorker } from "./features/mail/outbox.worker";
import { createReconciler } from "./features/purchase/checkout.reconciler";
import { checkoutConfig, listPurchases, quote } from "./features/purchase/checkout.service";
import { startPayment } from "./features/purchase/payment.service";
import { type PurchaseDeps, completeForPayer } from "./features/purchase/purchase.service";
import { confirmSimulated } from "./features/purchase/simulated-card.service";
import { handleWebhook } from "./features/purchase/webhook.service";
import {
  type CatalogDeps,
  getActiveBanner,
  getCategories,
  getCities,
} from "./features/catalog/catalog.service";
import {
  type DiscoveryDeps,
  getActiveExhibitions,
  getArtist,
  getArtistArtworks,
  getArtwork,
  getArtworkRails,
  getExhibition,
  getRelatedToArtwork,
} from "./features/discovery/discovery.service";
import { type AuditDeps, listAudit } from "./features/audit/audit.service";
import type { AuditActor } from "./features/audit/audit.repository";
import {
  type ApplicationsDeps,
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
import {
  type OrdersDeps,
  moveOrder,
  requestRefund,
  settleRefund,
} from "./features/orders/orders.service";
import { confirmReceipt, getPurchase, reportProblem } from "./features/orders/purchases.service";
import {
  cannotFulfilSale,
  listSales,
  relistSale,
  salesCsvExport,
  salesSummary,
  shipSale,
} from "./features/orders/sales.service";
import {
  cancelOrderForTeam,
  closeProblemForTeam,
  getOrderForTeam,
  listOrdersForTeam,
  refundOrderForTeam,
} from "./features/orders/admin-orders.service";
import {
  acceptReturn,
  addReturnPhoto,
  confirmReturnArrival,
  currentReturnWindow,
  getReturnState,
  refuseReturn,
  requestReturn,
  shipReturn,
} from "./features/orders/returns.service";
import {
  type SettingsDeps,
  getSettings,
  setCommission,
  setReturnWindow,
} from "./features/orders/settings.service";
import { createOrderTimers } from "./features/orders/orders.timers";
import {
  type ReconciliationDeps,
  reconcile,
} from "./features/reconciliation/reconciliation.service";
import { checkHealth } from "./features/health/health.service";
import {
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
import { bind } from "./bind";
import { purchasePasswordToken } from "./features/purchase/purchase-password";
import { offerAccessKey } from "./features/purchase/offer-key";
import {
  type OfferAccess,
  getOffer,
  listMyOffers,
  makeOffer,
  claimOffer,
  confirmOffer,
  offerFor,
  quoteOffer,
} from "./features/purchase/offers.service";
import {
  acceptOffer,
  authorizeOfferMove,
  counterOffer,
  declineOffer,
  withdrawOffer,
} from "./features/purchase/offer-moves.service";
import { createOfferTimers } from "./features/purchase/offers.timers";
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
import {
  type ConversationsDeps,
  addMessageImage,
  getConversation,
  inbox,
  replyTimeOf,
  reportConversation,
  sendMessage,
  setBlocked,
  startConversation,
  unreadCount,
} from "./features/conversations/conversations.service";
import {
  type ReportsDeps,
  dismissReport,
  getReportedConversation,
  listReportQueue,
  suspendReported,
  warnReported,
} from "./features/conversations/conversation-reports.service";
import {
  type ListingReportsDeps,
  appealTakedown,
  listTakedowns,
  reportListing,
} from "./features/listing-reports/listing-reports.service";
import {
  decideAppeal,
  decideListing,
  getListingCase,
  listListingQueue,
} from "./features/listing-reports/listing-decisions.service";
import { createMessageMail } from "./features/conversations/message-mail.timers";
import { type PushBus, createPushBus } from "./features/conversations/push";
import { type ReviewsDeps, artistReviews, ownReviews } from "./features/reviews/reviews.api";
import {
  editOwnReview,
  orderReview,
  replyToReview,
  reportReview,
  writeReview,
} from "./features/reviews/reviews.service";
import {
  dismissReviewReports,
  hideReview,
  reportedReviews,
} from "./features/reviews/review-reports.service";
import {
  type DataExportDeps,
  currentExport,
  openDownload,
  requestExport,
} from "./features/data-rights/data-export.service";
import { createDataExports } from "./features/data-rights/data-export.timers";
import {
  type AccountClosureDeps,
  closeAccount,
  closureBlockers,
} from "./features/data-rights/account-closure.service";

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
  const passwordDeps: PasswordDeps = {
    ...authDeps,
    async enqueueMail(mail) {
      await enqueueMail(db, mail);
      outbox.kick();
    },
  };
  // One deps object serves the whole purchase module (checkout and offers): each names the part it needs.
  const purchaseDeps: PurchaseDeps = {
    db,
    provider: createPaymentProvider(config.payments, db),
    logger,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
    commissionBps: config.commissionBps,
    now,
    secret: config.sessionSecret,
    offerKey: (offerId: string) => offerAccessKey(config.sessionSecret, offerId),
    hashPassword: passwordHashing.hash,
    passwordToken: (paymentId: string) => purchasePasswordToken(config.sessionSecret, paymentId),
  };
  const ordersDeps: OrdersDeps = { ...purchaseDeps, teamEmail: config.teamEmail };
  const collectorsDeps: CollectorsDeps = { db };
  const alertsDeps: AlertsDeps = { db, secret: config.sessionSecret, now };
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
  // Paying artists (decision 0029): the payout run, daily and from the console.
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
    payments: purchaseDeps.provider,
    payouts: payoutsDeps.provider,
    now,
  };
  const photoDeps: PhotoDeps = { db, storage, logger };
  // Pushed messages: in memory on one process, PostgreSQL's NOTIFY across several.
  const bus: PushBus = createPushBus({
    db,
    newListenerClient: database.newListenerClient,
    logger,
  });
  const conversationsDeps: ConversationsDeps = { db, bus, now, logger };
  const reportsDeps: ReportsDeps = {
    db,
    publicUrl: config.publicUrl,
    teamEmail: config.teamEmail,
    kickOutbox: () => outbox.kick(),
  };
  const listingReportsDeps: ListingReportsDeps = {
    db,
    publicUrl: config.publicUrl,
    teamEmail: config.teamEmail,
    kickOutbox: () => outbox.kick(),
    now,
  };
  const reviewsDeps: ReviewsDeps = {
    db,
    now,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
  };
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

  const dataExportDeps: DataExportDeps = {
    db,
    storage,
    logger,
    now,
    publicUrl: config.publicUrl,
    kickOutbox: () => outbox.kick(),
  };
  const dataExports = createDataExports(dataExportDeps);
  dataExportDeps.kickBuild = () => {
    dataExports.run().catch((error: unknown) => logger.error("data exports failed", { error }));
  };
  const accountClosureDeps: AccountClosureDeps = {
    db,
    storage,
    logger,
    now,
    passwordHashing,
    checkSecondStep: (userId, code) => checkSecondStep(authDeps, userId, code),
    kickOutbox: () => outbox.kick(),
  };

  return {
    config,
    logger,
    /** Sign-up, sign-in, sign-out, password reset and the session (server/features/auth). */
    auth: bind(authDeps, {
      signUp,
      signIn,
      signOut,
      requestPasswordReset,
      resetPassword,
      getSessionUser,
      passThrough,
      hashPassword,
      /** The sign-in's second step (decision 0057). */
      verifySignInStep,
      /** For other features: the person's app code or an unused backup code (then used). */
      checkSecondStep,
      /** The demo admin's two-step row (server/demo/seed.ts). */
      twoStepRowFor,
    }),
    /** Changing the e-mail address with a link to the new one (decision 0057). */
    emailChange: bind(
      { ...authDeps, now, kickOutbox: () => outbox.kick() },
      { request: requestEmailChange, confirm: confirmEmailChangeFrom },
    ),
    /** The signed-in person's two-step verification (decision 0057). */
    twoStep: {
      // passwordDeps: turning two-step on or off mails a notice, as a password change does.
      ...bind(passwordDeps, {
        start: startTwoStep,
        confirm: confirmTwoStep,
        disable: disableTwoStep,
        regenerateBackupCodes,
      }),
      /** The QR code and secret of a setup's URI, shown again with a wrong code. */
      describe: describeSetup,
    },
    /** The signed-in person's devices (live sessions), and signing them out. */
    devices: {
      ...bind(
        { ...authDeps, now },
        { list: listDevices, signOut: signOutDevice, signOutOthers: signOutOtherDevices },
      ),
      /** Changes the password, signs out the other devices and e-mails the address. */
      ...bind(passwordDeps, { changePassword }),
    },
    outbox,
    mailTransport: transport,
    /** The version of what visitors' pages show, for the page cache. */
    pageContentVersion,
    /** `GET /api/health`: answers once the database does. */
    health: bind({ db, databaseKind: database.kind }, { check: checkHealth }),
    /** The reads behind the discovery pages; loaders call these in-process. */
    discovery: {
      ...bind(searchDeps, { search, searchKnownIds }),
      ...bind(catalogDeps, {
        cities: getCities,
        categories: getCategories,
        activeBanner: getActiveBanner,
      }),
      ...bind(discoveryDeps, {
        artwork: getArtwork,
        /** `GET /api/artworks/:id/related`: the rails, 404 for a work the viewer may not see. */
        relatedToArtwork: getRelatedToArtwork,
        artist: getArtist,
        artistArtworks: getArtistArtworks,
        exhibitions: getActiveExhibitions,
        exhibition: getExhibition,
      }),
      /** The artwork page's two rails, read beside the work, made once per work and version. */
      artworkRails: (id: string) =>
        railsMemo(id.toLowerCase(), () => getArtworkRails(discoveryDeps, id)),
    },
    /** Public profiles, their works, the own collection and the own-profile edit. */
    profiles: bind(profilesDeps, {
      publicProfile: getPublicProfile,
      artworks: getProfileArtworks,
      collection: getCollection,
      updateOwn: updateOwnProfile,
    }),
    /** The signed-in person's own profile photo. */
    photos: bind(photoDeps, { set: setProfilePhoto, remove: removeProfilePhoto }),
    /** The owner-artist's listing writes; a new listing is mailed to the team. */
    listings: bind(listingDeps, {
      requireOwn: requireOwnListing,
      create: createListing,
      update: updateListing,
      remove: deleteListing,
    }),
    /** Our ledger against the processor's and payout provider's records (`npm run reconcile`). */
    reconciliation: bind(reconciliationDeps, { run: reconcile }),
    /** The console's audit log (decision 0027); the actions write it themselves. */
    audit: bind(auditDeps, { list: listAudit }),
    /** Artist applications: the console's queue and answers, and the applicant's side. */
    applications: {
      ...bind(applicationsDeps, {
        list: listApplicationQueue,
        waitingCount: waitingApplications,
        decide: decideApplication,
        own: ownApplication,
        apply: applyAsArtist,
      }),
      /** Pictures of the applicant's work, through the image pipeline (at most 6). */
      ...bind(uploadDeps, {
        images: ownApplicationImages,
        attachImage: attachApplicationImage,
        removeImage: removeApplicationImage,
      }),
    },
    /** An artist's payout onboarding (simulated or Stripe Connect) and the payout runs. */
    payouts: {
      provider: payoutsDeps.provider.name,
      ...bind(payoutsDeps, {
        get: getPayouts,
        completeSimulated: completeSimulatedOnboarding,
        startStripe: startStripeOnboarding,
        refreshFromStripe,
        handleConnectWebhook,
      }),
      /** One payout run now (shared with a run already going in this process). */
      run: () => payoutSchedule.run(),
      /** The daily run's timer, started and stopped with the server. */
      schedule: payoutSchedule,
      ...bind(payoutRunDeps, { overview: payoutsOverview, history: ownPayouts }),
      runNow: (actor: AuditActor) => runPayoutsNow(payoutRunDeps, actor, payoutSchedule.run),
    },
    /** The console's People and Artworks areas (decision 0027); `actor` is the signed-in admin. */
    moderation: bind(moderationDeps, {
      people: listPeoplePage,
      suspend: suspendPerson,
      reinstate: reinstatePerson,
      makeAdmin: makePersonAdmin,
      revokeAdmin: revokePersonAdmin,
      artworks: listArtworksPage,
      hide: hideArtworkAction,
      unhide: unhideArtworkAction,
      curation: setCurationAction,
    }),
    /** The console's exhibitions, banners, cities and categories (server/features/curation). */
    curation: bind(curationDeps, {
      exhibitions: listExhibitionsForAdmin,
      exhibition: getExhibitionForAdmin,
      createExhibition,
      editExhibition,
      setExhibitionActive: setExhibitionActivity,
      setExhibitionArtworks,
      pickArtworks,
      banners: listBannersForAdmin,
      createBanner,
      activateBanner,
      deactivateBanner,
      deleteBanner,
      catalog: getCatalogForAdmin,
      createCatalogEntry,
      renameCatalogEntry: renameCatalog,
      deleteCatalogEntry: deleteCatalog,
    }),
    /** About, Contact, FAQ, Shipping & returns, Terms and Privacy (server/features/site-pages). */
    sitePages: bind(sitePagesDeps, {
      get: getSitePage,
      list: listSitePagesForAdmin,
      getForAdmin: getSitePageForAdmin,
      edit: editSitePage,
    }),
    /** The sitemap's pages. */
    seo: bind(sitemapDeps, { sitemapEntries: getSitemapEntries }),
    storage,
    /** Quote, payment, purchase, webhooks and the reconciler (server/features/purchase: checkout). */
    checkout: {
      ...bind(purchaseDeps, {
        config: checkoutConfig,
        quote,
        startPayment,
        confirmSimulated,
        completeForPayer,
        handleWebhook,
        purchases: listPurchases,
      }),
      reconciler: createReconciler(purchaseDeps),
    },
    /** Saved works and followed artists, the session's own (server/features/collectors). */
    collectors: bind(collectorsDeps, {
      save: saveWork,
      unsave: unsaveWork,
      saved: savedWorksOf,
      follow: followArtist,
      unfollow: unfollowArtist,
      following: followingOf,
      /** Which of these works the person saved (a page's hearts). */
      savedAmong: savedAmongWorks,
      /** The own Saved tab's cards. */
      savedArtworks: savedArtworksOf,
      followState: followStateOf,
    }),
    /**
     * Alerts, mail preferences and unsubscribe links (server/features/alerts, decision
     * 0031): the session's own, except the two unsubscribe calls, which the signed token
     * authorises.
     */
    alerts: {
      ...bind(alertsDeps, {
        list: listAlerts,
        create: createAlert,
        update: updateAlert,
        remove: removeAlert,
        preferences: preferencesOf,
        setPreferences,
        describeUnsubscribe,
        unsubscribe,
      }),
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
    /** Offers backed by a card hold (server/features/purchase: offers, decision 0030). */
    offers: {
      /** Answers 404 unless `access` is the offer's buyer, its artist or the team. */
      access: async (offerId: string, access: OfferAccess) => {
        await offerFor(purchaseDeps, offerId, access);
      },
      ...bind(purchaseDeps, {
        quote: quoteOffer,
        make: makeOffer,
        get: getOffer,
        confirm: confirmOffer,
        claim: claimOffer,
        authorize: authorizeOfferMove,
        accept: acceptOffer,
        counter: counterOffer,
        decline: declineOffer,
        withdraw: withdrawOffer,
        listMine: listMyOffers,
      }),
      /** Expiry, lapsed cards and stranded holds: every minute. */
      timers: createOfferTimers(purchaseDeps),
    },
    /**
     * Conversations between buyers and artists (server/features/conversations, decision
     * 0053): the session's own; `bus` pushes new messages to open tabs.
     */
    conversations: {
      bus,
      ...bind(conversationsDeps, {
        start: startConversation,
        send: sendMessage,
        inbox,
        get: getConversation,
        unread: unreadCount,
        setBlocked,
        report: reportConversation,
        replyTime: replyTimeOf,
      }),
      ...bind({ ...conversationsDeps, storage }, { addImage: addMessageImage }),
      /** E-mails about unread messages, and the sweep of unsent pictures: every minute. */
      messageMail: createMessageMail({
        db,
        storage,
        logger,
        now,
        publicUrl: config.publicUrl,
        kickOutbox: () => outbox.kick(),
      }),
    },
    /** The console's reported conversations: the queue, reading one, and the answers. */
    reports: bind(reportsDeps, {
      queue: listReportQueue,
      conversation: getReportedConversation,
      dismiss: dismissReport,
      warn: warnReported,
      suspend: suspendReported,
    }),
    /** Reported listings, their decisions and appeals (decision 0059); `actor` is the signed-in admin. */
    listingReports: bind(listingReportsDeps, {
      report: reportListing,
      takedowns: listTakedowns,
      appeal: appealTakedown,
      queue: listListingQueue,
      listing: getListingCase,
      decide: decideListing,
      decideAppeal,
    }),
    /**
     * Reviews of artists by buyers of completed orders (server/features/reviews, decision
     * 0056): the profile's list, the buyer's review, the artist's reply, reports, and the
     * console's hiding and dismissing.
     */
    reviews: bind(reviewsDeps, {
      ofArtist: artistReviews,
      ofOrder: orderReview,
      write: writeReview,
      edit: editOwnReview,
      own: ownReviews,
      reply: replyToReview,
      report: reportReview,
      reported: reportedReviews,
      hide: hideReview,
      dismiss: dismissReviewReports,
    }),
    /**
     * "Download my data" and "Delete my account" (server/features/data-rights, decision
     * 0058): the signed-in person's own; `exports` builds and expires the files.
     */
    dataRights: {
      ...bind(dataExportDeps, { currentExport, requestExport, openDownload }),
      ...bind(accountClosureDeps, { closureBlockers, closeAccount }),
      exports: dataExports,
    },
    /** The orders after the sale: moves, refunds (server/features/orders, decision 0029). */
    orders: {
      ...bind(ordersDeps, { move: moveOrder, requestRefund, settleRefund }),
      /** Reminders, ship-by cancellations, delivery, completion, refund retries: every minute. */
      timers: createOrderTimers({ ...ordersDeps, storage }),
    },
    /** The buyer's own orders: the order page, confirm receipt, report a problem. */
    purchases: bind(ordersDeps, { get: getPurchase, confirmReceipt, reportProblem }),
    /** The artist's own sales (`artistId`: the signed-in artist), /api/me/sales and /profile/sales. */
    sales: bind(ordersDeps, {
      list: listSales,
      summary: salesSummary,
      ship: shipSale,
      cannotFulfil: cannotFulfilSale,
      relist: relistSale,
      csv: salesCsvExport,
    }),
    /** Returns (decision 0055): the buyer's request, the artist's and the team's answers. */
    returns: {
      ...bind(ordersDeps, {
        window: currentReturnWindow,
        state: getReturnState,
        request: requestReturn,
        accept: acceptReturn,
        refuse: refuseReturn,
        ship: shipReturn,
        arrived: confirmReturnArrival,
      }),
      ...bind({ ...ordersDeps, storage }, { addPhoto: addReturnPhoto }),
    },
    /** The console's orders: the list, one order, and the team's refunds, closing and cancelling. */
    teamOrders: bind(ordersDeps, {
      list: listOrdersForTeam,
      get: getOrderForTeam,
      refund: refundOrderForTeam,
      closeProblem: closeProblemForTeam,
      cancel: cancelOrderForTeam,
    }),
    /** The marketplace settings the team edits in the console: the commission on new sales. */
    settings: bind(settingsDeps, { get: getSettings, setCommission, setReturnWindow }),
    /**
     * Artwork image uploads, and the sweeper that deletes uploads no listing used within
     * a day (server/features/uploads).
     */
    uploads: {
      ...bind(uploadDeps, { storeImage: storeArtworkImage }),
      sweeper: createUploadSweeper(uploadDeps),
    },
  };
}

export type AppServices = ReturnType<typeof createServices>;
