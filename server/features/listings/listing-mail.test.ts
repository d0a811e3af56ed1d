import { describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { renderMail } from "../../mail/render-mail";
import { newListingMail, notifyTeamOfListing } from "./listing-mail";

const artwork: ArtworkDetail = {
  id: "a1",
  title: "Offers Only",
  createdYear: null,
  materials: "Clay",
  description: "",
  width: 10,
  height: 12,
  depth: 0,
  price: null,
  isForSale: false,
  status: "not for sale",
  offersOnly: true,
  acceptsOffers: true,
  allowOffers: false,
  offerMinimum: 50_000,
  isPublicArt: true,
  allowBuyerPickUp: true,
  finalSale: false,
  zipCode: "10001",
  imageOriginal: "https://cdn.example.com/artworks/u/x-original.jpg",
  imageMedium: null,
  imageThumbnail: null,
  images: [],
  categories: [{ id: "c", name: "ceramics" }],
  artist: { id: "u", displayName: "Ann Artist", birthYear: null, city: null },
  ownerId: "u",
  exhibitions: [],
  createdAt: "2025-01-01T00:00:00.000Z",
};

describe("newListingMail", () => {
  it("holds every newArtworkUpload field and a link, absolute addresses kept as they are", async () => {
    const mail = newListingMail(artwork, "team@example.com", "https://art.example.com");
    expect(mail).toMatchObject({ kind: "new-artwork-upload", to: "team@example.com" });
    const { text } = await renderMail(mail.content!, mail.subject);
    for (const line of [
      "https://art.example.com/artwork/a1",
      "\nprice:\n",
      "\ncreatedYear:\n",
      "categoryNames: Ceramics",
      "isPublicArt: true",
      "isForSale: false",
      "size: 10 inches x 12 inches",
      "allowBuyerPickUp: true",
      "zipCode: 10001",
      "imageOriginal: https://cdn.example.com/artworks/u/x-original.jpg",
      "status: not for sale",
      "offersOnly: true",
    ]) {
      expect(text).toContain(line);
    }
    // The minimum is the artist's alone, not the team's (decision 0030).
    expect(text).not.toContain("offerMinimum");
    expect(text).not.toContain("$500");
  });
});

describe("notifyTeamOfListing", () => {
  it("only logs a failure to queue the e-mail (SPEC §8: newArtworkUpload fails silently)", async () => {
    const logged: string[] = [];
    const logger: Logger = {
      info: () => undefined,
      warn: () => undefined,
      error: (message) => logged.push(message),
    };
    // A database whose insert fails, as when it is unreachable for a moment.
    const db = {
      insert: () => {
        throw new Error("connection lost");
      },
    } as unknown as Database;
    let kicked = false;
    await expect(
      notifyTeamOfListing(
        {
          db,
          logger,
          kickOutbox: () => (kicked = true),
          teamEmail: "t@x.test",
          publicUrl: "http://x",
        },
        artwork,
      ),
    ).resolves.toBeUndefined();
    expect(logged).toEqual(["newArtworkUpload: the team e-mail could not be queued"]);
    expect(kicked).toBe(false);
  });
});
