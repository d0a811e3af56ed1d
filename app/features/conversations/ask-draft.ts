/**
 * What a person wrote to an artist before sending, kept for the tab (sessionStorage):
 * a visitor who signs in or signs up on the way comes back to the same words. Storage
 * that is full or refused (private modes) only loses the draft.
 */
function keyOf(about: { artworkId: string } | { artistId: string }): string {
  return "artworkId" in about
    ? `vernissage:ask:artwork:${about.artworkId}`
    : `vernissage:ask:artist:${about.artistId}`;
}

export function readAskDraft(about: { artworkId: string } | { artistId: string }): string {
  try {
    return sessionStorage.getItem(keyOf(about)) ?? "";
  } catch {
    return "";
  }
}

export function saveAskDraft(about: { artworkId: string } | { artistId: string }, text: string) {
  try {
    if (text) sessionStorage.setItem(keyOf(about), text);
    else sessionStorage.removeItem(keyOf(about));
  } catch {
    // The draft is a convenience: without storage it is only not kept.
  }
}
