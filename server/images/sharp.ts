import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded at the first picture: a server that is restarted and draws no
 * picture does not carry the library and its thread pools (docs/performance.md, "Server
 * memory").
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
