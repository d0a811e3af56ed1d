/**
 * The other auth page's address, carrying what brought the visitor here (`next`, and a
 * heart's `save` or Follow's `follow`), so switching between sign-in and sign-up on the
 * way does not lose the way back.
 */
export function authSwitchPath(to: "/signin" | "/signup", search: string): string {
  const from = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const name of ["next", "save", "follow"]) {
    const value = from.get(name);
    if (value) keep.set(name, value);
  }
  const query = keep.toString();
  return query ? `${to}?${query}` : to;
}
