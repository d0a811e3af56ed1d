// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_MODULE_TYPE, MAX_WAIT_MS, bootScript } from "./deferred-scripts.server";

/**
 * The loader that deferScripts() writes into the page, run in a DOM: it starts the
 * modules when the high-priority pictures have ended, or after MAX_WAIT_MS at the latest.
 */

const MODULES = ["/assets/entry.client-1.js", "/assets/root-1.js"];

/** The page's end as deferScripts() leaves it, and the loader run as the browser would. */
function runLoader(): void {
  const boot = document.createElement("script");
  boot.type = DEFERRED_MODULE_TYPE;
  boot.textContent = 'import("/assets/entry.client-1.js");';
  const loader = document.createElement("script");
  loader.nonce = "N0nce";
  document.body.append(boot, loader);
  Object.defineProperty(document, "currentScript", { value: loader, configurable: true });
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the loader is our own text
    const loaderScript = new Function(bootScript(MODULES)) as () => void;
    loaderScript();
  } finally {
    Reflect.deleteProperty(document, "currentScript");
  }
}

/** A high-priority picture still on its way. */
function pendingPicture(): HTMLImageElement {
  const img = document.createElement("img");
  img.setAttribute("fetchpriority", "high");
  Object.defineProperty(img, "complete", { value: false });
  document.body.append(img);
  return img;
}

function started(): { preloads: string[]; module: HTMLScriptElement | undefined } {
  return {
    preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map(
      (link) => link.getAttribute("href") ?? "",
    ),
    module: [...document.body.querySelectorAll("script")].find((s) => s.type === "module"),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => setTimeout(callback, 16));
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the deferred module loader", () => {
  it("starts the modules once the pictures have loaded, with the nonce and the module text", () => {
    const picture = pendingPicture();
    runLoader();
    vi.advanceTimersByTime(100);
    expect(started().preloads).toEqual([]);

    picture.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(100);
    const { preloads, module } = started();
    expect(preloads).toEqual(MODULES);
    expect(module?.nonce).toBe("N0nce");
    expect(module?.textContent).toBe('import("/assets/entry.client-1.js");');
  });

  it("starts them after MAX_WAIT_MS when a picture never ends, and only once", () => {
    pendingPicture();
    runLoader();
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(started().module).toBeUndefined();

    vi.advanceTimersByTime(1);
    expect(started().preloads).toEqual(MODULES);
    vi.advanceTimersByTime(MAX_WAIT_MS * 2);
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(MODULES.length);
    expect(
      [...document.querySelectorAll("script")].filter((s) => s.type === "module"),
    ).toHaveLength(1);
  });

  it("starts them after the first frame when no picture is waited for", () => {
    runLoader();
    vi.advanceTimersByTime(100);
    expect(started().preloads).toEqual(MODULES);
  });
});
