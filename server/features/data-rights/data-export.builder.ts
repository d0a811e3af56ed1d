import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";
import type { StorageAdapter } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import {
  artworkImagesForExport,
  artworksForExport,
  countArtworkImagesOf,
} from "../artworks/artworks.api";
import { countReturnPhotosOf, returnPhotosForExport, returnsForExport } from "../orders/orders.api";
import {
  EXPORT_PAGE_SIZE,
  EXPORT_SECTIONS,
  type ExportSection,
  exportImageName,
} from "./data-export.sections";

export type BuildDeps = { db: Database; storage: StorageAdapter; logger: Logger };

/** What the ZIP holds, made from the sections so it never lists a file that is not there. */
function readme(): string {
  const width = Math.max(...EXPORT_SECTIONS.map((section) => section.file.length), 20) + 2;
  const lines = [
    ...EXPORT_SECTIONS.map((section) => `${section.file.padEnd(width)}${section.about}`),
    `${"images/".padEnd(width)}the original of every image of your works`,
    `${"return-photos/".padEnd(width)}the photos sent with returns of your purchases and sales`,
    `${"images-missing.json".padEnd(width)}(only if any) images that could not be read when this file was made`,
  ];
  return `Your Vernissage data\n====================\n\n${lines.join("\n")}\n\nTimes are UTC (ISO 8601); amounts are in cents.\n`;
}

/** The JSON file of one section, written as it is read. */
function sectionStream(db: Database, userId: string, section: ExportSection): Readable {
  async function* chunks() {
    if ("read" in section) {
      yield Buffer.from(`${JSON.stringify(await section.read(db, userId), null, 2)}\n`);
      return;
    }
    yield Buffer.from("[");
    let after: string | number | null = null;
    let first = true;
    for (;;) {
      const rows = await section.pages(db, userId, after, EXPORT_PAGE_SIZE);
      let text = "";
      for (const row of rows) {
        text += `${first ? "\n" : ",\n"}${JSON.stringify(row)}`;
        first = false;
      }
      if (text) yield Buffer.from(text);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE_SIZE) break;
      after = last.id;
    }
    yield Buffer.from("\n]\n");
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The originals of the person's works, a page of works at a time. */
async function* workImages(db: Database, userId: string) {
  let after: string | null = null;
  for (;;) {
    const works = await artworksForExport(db, userId, after, EXPORT_PAGE_SIZE);
    if (works.length === 0) return;
    yield* await artworkImagesForExport(
      db,
      works.map((work) => work.id),
    );
    if (works.length < EXPORT_PAGE_SIZE) return;
    after = works.at(-1)?.id ?? null;
  }
}

/** The photos of the returns of the person's purchases and sales, a page of returns at a time. */
async function* returnPhotos(db: Database, userId: string) {
  let after: string | null = null;
  for (;;) {
    const returns = await returnsForExport(db, userId, after, EXPORT_PAGE_SIZE);
    if (returns.length === 0) return;
    yield* await returnPhotosForExport(
      db,
      returns.map((row) => row.id),
    );
    if (returns.length < EXPORT_PAGE_SIZE) return;
    after = returns.at(-1)?.id ?? null;
  }
}

/**
 * Writes the person's ZIP to storage at `key` as it is made: one entry at a time, each
 * read from the database or the store as the ZIP takes it, so memory stays bounded
 * whatever the person has. `onProgress(done, total)` is told after each file; a rejection
 * from it (the lease was lost) ends the build. Throws (and nothing is left at `key`) when
 * a read or the store fails.
 */
export async function buildExportFile(
  deps: BuildDeps,
  userId: string,
  key: string,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<{ bytes: number }> {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const stored = deps.storage.putStream(key, output, "application/zip");
  const storeFailed = new Promise<never>((_, reject) => {
    stored.catch(reject);
  });
  storeFailed.catch(() => undefined);
  const total =
    EXPORT_SECTIONS.length +
    (await countArtworkImagesOf(deps.db, userId)) +
    (await countReturnPhotosOf(deps.db, userId));
  let done = 0;

  async function add(stream: Readable, name: string, compress: boolean) {
    zip.addReadStream(stream, name, { compress });
    await Promise.race([finished(stream), storeFailed]);
  }

  try {
    zip.addBuffer(Buffer.from(readme()), "README.txt");
    for (const section of EXPORT_SECTIONS) {
      await add(sectionStream(deps.db, userId, section), section.file, true);
      await onProgress(++done, total);
    }
    const missing: { file: string; reason: string }[] = [];
    // An image that cannot be read is named in images-missing.json, not a failed export.
    async function addImage(file: string, imageKey: string | null) {
      let source: Readable | undefined;
      if (imageKey) {
        try {
          source = await deps.storage.read(imageKey);
        } catch (error) {
          deps.logger.warn("an image of a data export could not be read", { key: imageKey, error });
        }
      }
      if (source) await add(source, file, false);
      else missing.push({ file, reason: imageKey ? "not found in storage" : "not stored by us" });
      await onProgress(++done, total);
    }
    for await (const image of workImages(deps.db, userId)) {
      const file = exportImageName(image.artworkId, image.position);
      await addImage(file, deps.storage.keyOf(image.original));
    }
    for await (const photo of returnPhotos(deps.db, userId)) {
      await addImage(photo.file, photo.originalKey);
    }
    if (missing.length > 0) {
      zip.addBuffer(Buffer.from(`${JSON.stringify(missing, null, 2)}\n`), "images-missing.json");
    }
    zip.end();
    return await stored;
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    await stored.catch(() => undefined);
    throw error;
  }
}
