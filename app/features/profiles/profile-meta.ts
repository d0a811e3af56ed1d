import type { MetaDescriptor } from "react-router";
import { SITE, errorMeta, shortDescription } from "../../lib/meta";
import { profilePageMessages as m } from "./profiles.messages";

/**
 * Title and description of a profile. One's own profile is titled 'Your profile'; a
 * profile page is not indexed when it is the viewer's own (it holds the edit form).
 */
export function profileMeta(
  profile: { displayName: string; bio: string; location: string | null } | null,
  isOwn: boolean,
): MetaDescriptor[] {
  if (!profile) return errorMeta(m.userNotFound);
  const description = profile.bio.trim()
    ? shortDescription(profile.bio)
    : `${profile.displayName}${profile.location ? `, ${profile.location}` : ""} on ${SITE}.`;
  return [
    { title: `${isOwn ? "Your profile" : profile.displayName} · ${SITE}` },
    { name: "description", content: description },
    { property: "og:title", content: profile.displayName },
    { property: "og:description", content: description },
    { property: "og:type", content: "profile" },
    ...(isOwn ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
