import { randomBytes } from "node:crypto";
import yauzl from "yauzl";
import type { Database } from "../../db/client";
import {
  artworkImages,
  conversationMembers,
  conversations,
  messages,
  offers,
} from "../../db/schema";
import type { TestApp } from "../../test/test-app";

/** Every entry of a ZIP, by name, read with a ZIP reader (yauzl). */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("error", reject);
      zip.on("end", () => resolve(entries));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** An image of a work whose original is really in the test's storage; answers its bytes. */
export async function storeWorkImage(t: TestApp, artworkId: string, position: number) {
  const bytes = randomBytes(2048);
  const key = `artworks/test-${randomBytes(6).toString("hex")}-original.jpg`;
  const { url } = await t.services.storage.put(key, bytes, "image/jpeg");
  await t.db.insert(artworkImages).values({
    artworkId,
    position,
    original: url,
    medium: url,
    thumbnail: url,
  });
  return { bytes, key };
}

/** A conversation about a work between a buyer and its artist, with these messages in turn. */
export async function seedConversation(
  db: Database,
  input: { buyerId: string; artistId: string; artworkId: string; bodies: string[] },
) {
  const [conversation] = await db
    .insert(conversations)
    .values({
      kind: "artwork",
      buyerId: input.buyerId,
      artistId: input.artistId,
      artworkId: input.artworkId,
      artworkTitle: "A work",
    })
    .returning();
  await db.insert(conversationMembers).values([
    { userId: input.buyerId, conversationId: conversation!.id, role: "buyer" },
    { userId: input.artistId, conversationId: conversation!.id, role: "artist" },
  ]);
  if (input.bodies.length > 0) {
    await db.insert(messages).values(
      input.bodies.map((body, i) => ({
        conversationId: conversation!.id,
        senderId: i % 2 === 0 ? input.buyerId : input.artistId,
        body,
      })),
    );
  }
  return conversation!;
}

/** An open offer on a work, as the offer form leaves it once the card is confirmed. */
export async function seedOpenOffer(
  db: Database,
  input: { artworkId: string; artistId: string; buyerId: string; buyerEmail: string },
) {
  const now = new Date();
  const [offer] = await db
    .insert(offers)
    .values({
      ...input,
      buyerName: "Bea Buyer",
      status: "open",
      amountCents: 20_000,
      shippingAddress: { line1: "1 Main St", city: "Albany", state: "NY", postal_code: "12207" },
      expiresAt: new Date(now.getTime() + 48 * 3600_000),
      lastMoveAt: now,
    })
    .returning();
  return offer!;
}
