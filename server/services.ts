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
import type { PaymentBody, QuoteBody, SimulatedConfirmBody } from "../contracts/checkout.contract";
import type {
  PasswordResetRequest,
  ResetPasswordBody,
  SessionUser,
  SignInData,
  SignUpData,
} from "../contracts/auth.contract";
import { createBetterAuth } from "./features/auth/better-auth";
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
import { createOutboxWorker } from "./features/mail/outbox.worker";
import { createReconciler } from "./features/checkout/checkout.reconciler";
import { checkoutConfig, listPurchases, quote } from "./features/checkout/checkout.service";
import { startPayment } from "./features/checkout/payment.service";
import { type PurchaseDeps, completeForPayer } from "./features/checkout/purchase.service";
import { confirmSimulated } from "./features/checkout/simulated-card.service";
import { handleWebhook } from "./features/checkout/webhook.service";
import {
  findActiveBanner,
  listCategories,
  listCities,
} from "./features/catalog/catalog.repository";
import {
  type ArtistTab,
  type Viewer,
  getActiveExhibitions,
  getArtist,
  getArtistArtworks,
  getArtwork,
  getExhibition,
} from "./features/discovery.service";
import type { SearchQuery } from "../contracts/search.contract";
import { search } from "./features/search/search.service";
import { createUploadSweeper } from "./features/uploads/uploads.sweeper";
import type { Logger } from "./logger";

/** Everything the routes and the web app's loaders use, built once per process. */
export function createServices(config: Config, database: DatabaseHandle, logger: Logger) {
  const { db } = database;
  const transport: MailTransport = config.mail.smtpUrl
    ? createSmtpTransport({ url: config.mail.smtpUrl, from: config.mail.from, logger })
    : createFileTransport({ dir: config.mail.outboxDir, from: config.mail.from, logger });
  const outbox = createOutboxWorker({ db, transport, logger });
  const betterAuth = createBetterAuth({
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
  };
  const storage: StorageAdapter = createStorage(config, logger);
  return {
    config,
    db,
    databaseKind: database.kind,
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
    /** The reads behind the discovery pages; loaders call these in-process. */
    discovery: {
      search: (query: SearchQuery) => search(db, query),
      cities: () => listCities(db),
      categories: () => listCategories(db),
      activeBanner: () => findActiveBanner(db),
      artwork: (id: string, viewer: Viewer) => getArtwork(db, id, viewer),
      artist: (id: string) => getArtist(db, id),
      artistArtworks: (id: string, tab: ArtistTab) => getArtistArtworks(db, id, tab),
      exhibitions: () => getActiveExhibitions(db),
      exhibition: (id: string) => getExhibition(db, id),
    },
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
    /** Deletes uploads no listing used within a day (server/features/uploads). */
    uploads: { sweeper: createUploadSweeper({ db, storage, logger }) },
  };
}

export type AppServices = ReturnType<typeof createServices>;
