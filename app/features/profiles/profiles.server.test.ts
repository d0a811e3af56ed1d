import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublicProfile } from "../../../contracts/profiles.contract";
import { loadProfilePage } from "./profiles.server";

const artist: PublicProfile = {
  id: "a1",
  displayName: "Hester Veiled",
  initials: "HV",
  profilePhoto: null,
  birthYear: null,
  location: null,
  bio: "",
  instagramHandle: null,
  websiteURL: null,
  isArtist: true,
  exhibitions: [],
};

/** A load context whose profiles service records who asked for which works. */
function contextRecording() {
  const asked: { id: string; tab: string; viewerId: string | undefined }[] = [];
  const profiles = {
    publicProfile: () => Promise.resolve(artist),
    artworks: (id: string, tab: string, viewerId?: string) => {
      asked.push({ id, tab, viewerId });
      return Promise.resolve([]);
    },
    collection: () => Promise.resolve([]),
  };
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const context = {
    services: { profiles, logger, config: { publicUrl: "http://localhost" } },
  } as unknown as AppLoadContext;
  return { context, asked };
}

const viewer = (id: string) => ({ id, firstName: "A", lastName: "B", pendingOccupation: null });

describe("loadProfilePage", () => {
  it("asks the server for the works with the viewer's id: it decides who gets hidden works", async () => {
    for (const [who, expected] of [
      [viewer("a1"), "a1"],
      [viewer("someone-else"), "someone-else"],
      [null, undefined],
    ] as const) {
      const { context, asked } = contextRecording();
      const request = new Request("http://localhost/profile/a1?tab=all");
      await loadProfilePage(context, request, "a1", who);
      expect(asked).toEqual([{ id: "a1", tab: "all", viewerId: expected }]);
    }
  });
});
