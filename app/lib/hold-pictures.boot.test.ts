// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_WAIT_MS, RELEASE_PICTURES, holdScript } from "./deferred-scripts.server";

/**
 * The script deferScripts() writes first in the body, run in a DOM: lazy pictures the
 * parser adds after it are held (no address, so nothing is fetched) until the loader
 * lets them go, the first touch, DOMContentLoaded without a loader, or MAX_WAIT_MS.
 */

type Release = (() => void) & { claimed?: boolean };

function runHolder(): Release {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script is our own text
  (new Function(holdScript()) as () => void)();
  return (window as unknown as Record<string, Release>)[RELEASE_PICTURES] as Release;
}

function picture(loading: "lazy" | "eager", src = "/media/a/0-thumbnail.webp"): HTMLImageElement {
  const img = document.createElement("img");
  img.setAttribute("loading", loading);
  img.setAttribute("src", src);
  img.setAttribute("srcset", `${src} 500w, /media/a/0-medium.webp 1200w`);
  img.setAttribute("alt", "A work");
  return img;
}

/** MutationObserver records arrive in a microtask. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

const sources = (img: HTMLImageElement) => [img.getAttribute("src"), img.getAttribute("srcset")];

beforeEach(() => {
  document.body.innerHTML = "";
});
afterEach(() => {
  const release = (window as unknown as Record<string, Release | undefined>)[RELEASE_PICTURES];
  release?.();
  Reflect.deleteProperty(window, RELEASE_PICTURES);
  vi.useRealTimers();
  document.body.innerHTML = "";
});

describe("the picture holder", () => {
  it("holds the lazy pictures the parser adds, nested ones too, and gives them back as they were", async () => {
    const release = runHolder();
    const lazy = picture("lazy");
    const eager = picture("eager", "/media/b/0-medium.webp");
    const card = document.createElement("li");
    const nested = picture("lazy", "/media/c/0-thumbnail.webp");
    card.append(nested);
    const before = [sources(lazy), sources(eager), sources(nested)];
    document.body.append(lazy, eager, card);
    await observed();

    expect(sources(lazy)).toEqual([null, null]);
    expect(sources(nested)).toEqual([null, null]);
    expect(lazy.hasAttribute("data-held")).toBe(true);
    // An eager picture may already be on its way (the preload scanner): left alone.
    expect(sources(eager)).toEqual(before[1]);

    release();
    expect([sources(lazy), sources(eager), sources(nested)]).toEqual(before);
    expect(document.querySelectorAll("[data-held]")).toHaveLength(0);

    // After the release, new pictures (a client-side page) are not touched.
    const later = picture("lazy", "/media/d/0-thumbnail.webp");
    document.body.append(later);
    await observed();
    expect(later.getAttribute("src")).toBe("/media/d/0-thumbnail.webp");
  });

  it("gives them back at DOMContentLoaded when no loader claimed them (a page without modules)", async () => {
    runHolder();
    const lazy = picture("lazy");
    document.body.append(lazy);
    await observed();
    expect(lazy.getAttribute("src")).toBeNull();
    document.dispatchEvent(new Event("DOMContentLoaded"));
    window.dispatchEvent(new Event("DOMContentLoaded"));
    expect(lazy.getAttribute("src")).toBe("/media/a/0-thumbnail.webp");
  });

  it("keeps them at DOMContentLoaded when the loader has claimed them", async () => {
    const release = runHolder();
    release.claimed = true;
    const lazy = picture("lazy");
    document.body.append(lazy);
    await observed();
    window.dispatchEvent(new Event("DOMContentLoaded"));
    expect(lazy.getAttribute("src")).toBeNull();
    release();
    expect(lazy.getAttribute("src")).toBe("/media/a/0-thumbnail.webp");
  });

  it("gives them back at the first touch, and MAX_WAIT_MS after it ran at the latest", async () => {
    runHolder();
    const lazy = picture("lazy");
    document.body.append(lazy);
    await observed();
    window.dispatchEvent(new Event("pointerdown"));
    expect(lazy.getAttribute("src")).toBe("/media/a/0-thumbnail.webp");

    Reflect.deleteProperty(window, RELEASE_PICTURES);
    vi.useFakeTimers();
    const release = runHolder();
    release.claimed = true;
    const other = picture("lazy", "/media/e/0-thumbnail.webp");
    document.body.append(other);
    await vi.advanceTimersByTimeAsync(0);
    expect(other.getAttribute("src")).toBeNull();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(other.getAttribute("src")).toBe("/media/e/0-thumbnail.webp");
  });
});
