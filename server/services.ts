import {
  createFileTransport,
  createSmtpTransport,
  type MailTransport,
} from "./adapters/mail/mail-transport";
import { createStorage } from "./adapters/storage/create-storage";
import type { StorageAdapter } from "./adapters/storage/storage";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/client";
import { createAuth } from "./features/auth/auth";
import { createAuthService } from "./features/auth/auth.service";
import { enqueueMail } from "./features/mail/outbox.repository";
import { createOutboxWorker } from "./features/mail/outbox.worker";
import { createCheckout } from "./features/checkout/checkout.module";
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
} from "./features/discovery/discovery.service";
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
  const auth = createAuth({
    config,
    db,
    logger,
    async enqueueMail(mail) {
      await enqueueMail(db, mail);
      outbox.kick();
    },
  });
  const storage: StorageAdapter = createStorage(config, logger);
  return {
    config,
    db,
    databaseKind: database.kind,
    logger,
    auth,
    authService: createAuthService({ auth, db, config, logger }),
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
    checkout: createCheckout({
      db,
      payments: config.payments,
      logger,
      publicUrl: config.publicUrl,
      kickOutbox: () => outbox.kick(),
    }),
    /** Deletes uploads no listing used within a day (server/features/uploads). */
    uploads: { sweeper: createUploadSweeper({ db, storage, logger }) },
  };
}

export type AppServices = ReturnType<typeof createServices>;
