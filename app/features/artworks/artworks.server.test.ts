import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkRails } from "../../../contracts/artwork-rails.contract";
import { AppError } from "../../../server/errors";
import { artworkDetail } from "../../components/artwork-detail.fixture";
import { loadArtworkPage } from "./artworks.server";

const rails: ArtworkRails = { moreByArtist: [], related: [] };

/**
 * A load context whose reads record the order they start and end in; each read waits for
 * its own release, so a test decides which finishes first.
 */
function contextFor(
  options: { railsFail?: boolean; artworkFails?: Error; replyTimeFails?: boolean } = {},
) {
  const events: string[] = [];
  const logged: { message: string; fields: unknown }[] = [];
  let releaseSession = () => {};
  const session = new Promise<void>((resolve) => (releaseSession = resolve));
  const services = {
    config: { publicUrl: "http://localhost:3000" },
    logger: {
      info: () => undefined,
      warn: () => undefined,
      error: (message: string, fields: unknown) => logged.push({ message, fields }),
    },
    auth: {
      getSessionUser: async () => {
        events.push("session started");
        await session;
        return null;
      },
    },
    discovery: {
      artwork: (id: string) => {
        events.push("artwork started");
        return options.artworkFails
          ? Promise.reject(options.artworkFails)
          : Promise.resolve(artworkDetail({ id }));
      },
      artworkRails: () => {
        events.push("rails started");
        return options.railsFail ? Promise.reject(new Error("boom")) : Promise.resolve(rails);
      },
    },
    returns: { window: () => Promise.resolve({ returnWindowDays: 14 }) },
    conversations: {
      replyTime: (artistId: string) =>
        options.replyTimeFails
          ? Promise.reject(new Error("down"))
          : Promise.resolve(artistId === "a1" ? "Usually replies within 3 hours" : null),
    },
  };
  const context = { services } as unknown as AppLoadContext;
  return { context, events, logged, releaseSession };
}

const request = new Request("http://localhost/artwork/w1");

describe("the artwork page's loader and its rails", () => {
  it("starts the rails read before the session and the work are read, and gives all three", async () => {
    const { context, events, releaseSession } = contextFor();
    const loading = loadArtworkPage(context, request, "w1");
    await Promise.resolve();
    // The session is still being read, and the rails have started already.
    expect(events).toEqual(["rails started", "session started"]);
    releaseSession();
    const data = await loading;
    expect(data.rails).toEqual(rails);
    expect(data.artwork.id).toBe("w1");
    // The policy the work is sold under, before anyone pays (decision 0055).
    expect(data.returnPolicy).toBe("Returns accepted within 14 days of delivery.");
  });

  it("a failed rails read is logged and leaves the rails out; the page still loads", async () => {
    const { context, logged, releaseSession } = contextFor({ railsFail: true });
    releaseSession();
    const data = await loadArtworkPage(context, request, "w1");
    expect(data.rails).toEqual({ moreByArtist: [], related: [] });
    expect(data.artwork.id).toBe("w1");
    expect(logged.map((l) => l.message)).toEqual(["The works around an artwork failed to load"]);
    expect(logged[0]?.fields).toMatchObject({ id: "w1" });
  });

  it("gives the artist's reply time; a failed read is logged and shows none", async () => {
    const { context, releaseSession } = contextFor();
    releaseSession();
    expect((await loadArtworkPage(context, request, "w1")).replyTime).toBe(
      "Usually replies within 3 hours",
    );
    const failing = contextFor({ replyTimeFails: true });
    failing.releaseSession();
    expect((await loadArtworkPage(failing.context, request, "w1")).replyTime).toBeNull();
    expect(failing.logged.map((l) => l.message)).toEqual(["An artist's reply time failed to load"]);
  });

  it("an unknown work is still the page's 404, whatever the rails read did", async () => {
    const notFound = new AppError("NOT_FOUND", 404, "Artwork not found");
    const { context, releaseSession } = contextFor({ railsFail: true, artworkFails: notFound });
    releaseSession();
    const thrown: unknown = await loadArtworkPage(context, request, "w1").catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 404 }, data: "Artwork not found" });
  });
});
