/** SPEC §5: the first letter of each word of the display name, uppercased; 'U' when there is no name. */
export function initials(displayName: string | null | undefined): string {
  const words = (displayName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "U";
  return words.map((word) => Array.from(word)[0]?.toUpperCase() ?? "").join("");
}
