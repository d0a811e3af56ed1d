import { describe, expect, it } from "vitest";
import { profileMeta } from "./profile-meta";

const profile = { displayName: "Elena Marsh", bio: "Paints the coast.", location: "Portland, OR" };

describe("profileMeta", () => {
  it("titles another's profile by name and describes it by the bio", () => {
    const meta = profileMeta(profile, false);
    expect(meta).toContainEqual({ title: "Elena Marsh · Vernissage" });
    expect(meta).toContainEqual({ name: "description", content: "Paints the coast." });
    expect(meta).not.toContainEqual({ name: "robots", content: "noindex" });
  });

  it("titles the own profile 'Your profile' and keeps it out of search", () => {
    const meta = profileMeta({ ...profile, bio: "" }, true);
    expect(meta).toContainEqual({ title: "Your profile · Vernissage" });
    expect(meta).toContainEqual({
      name: "description",
      content: "Elena Marsh, Portland, OR on Vernissage.",
    });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("says 'User not found.' for a missing user", () => {
    expect(profileMeta(null, false)).toContainEqual({ title: "User not found. · Vernissage" });
  });
});
