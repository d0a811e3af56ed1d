/** SPEC §2: the exhibition's address opens a maps search (in a new tab). */
export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}
