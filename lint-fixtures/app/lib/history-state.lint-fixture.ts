// A deliberate violation (eslint.config.js): reading React Router's history entry fields.
export function entryIndex(): unknown {
  const state: unknown = window.history.state;
  return [state, history.state];
}
