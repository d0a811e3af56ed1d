// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  MAX_HOLD_MS,
  MAX_PAINT_WAIT_MS,
  MAX_STYLESHEET_WAIT_MS,
  MAX_WAIT_MS,
  bootScript,
} from "./deferred-scripts.server";
import { SITE_STYLESHEET_ATTRIBUTE } from "./site-styles";

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
    preloads: [...document.head.querySelectorAll('[rel="modulepreload"]')].map(
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
  // Every loader of the test starts and, React never coming, lets go of the page's events.
  vi.advanceTimersByTime(MAX_WAIT_MS + MAX_HOLD_MS + 100);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The unit files share one document (vitest.config.ts): nothing of this page stays in it.
  document.head.innerHTML = "";
  document.body.innerHTML = "";
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

  it("adds the tab's icon named by the page's <noscript data-icon> when it starts, not before", () => {
    const icon = document.createElement("noscript");
    icon.setAttribute("data-icon", "/favicon.svg");
    document.head.append(icon);
    const picture = pendingPicture();
    runLoader();
    const icons = () =>
      [...document.head.querySelectorAll('link[rel="icon"]')].map((l) => l.getAttribute("href"));
    expect(icons()).toEqual([]);
    picture.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(100);
    expect(icons()).toEqual(["/favicon.svg"]);
  });

  it("starts them after the first frame when no picture is waited for", () => {
    runLoader();
    vi.advanceTimersByTime(100);
    expect(started().preloads).toEqual(MODULES);
  });
});

type Paint = { element: Element | null; startTime: number; size: number };

/**
 * A browser that reports largest paints: the test hands the loader's observer its
 * entries; those made before it observes are delivered when it does (`buffered`).
 */
function largestPaints(): (entries: Paint[]) => void {
  let report: ((list: { getEntries: () => unknown[] }) => void) | undefined;
  let callback: ((list: { getEntries: () => unknown[] }) => void) | undefined;
  const buffer: Paint[] = [];
  class Observer {
    static supportedEntryTypes = ["largest-contentful-paint", "paint"];
    constructor(fn: (list: { getEntries: () => unknown[] }) => void) {
      callback = fn;
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "largest-contentful-paint", buffered: true });
      report = callback;
      if (buffer.length) report?.({ getEntries: () => buffer.slice() });
    }
    disconnect() {
      report = undefined;
    }
  }
  vi.stubGlobal("PerformanceObserver", Observer);
  return (entries) => {
    buffer.push(...entries);
    report?.({ getEntries: () => entries });
  };
}

/** A picture on the first screen: 300 × 200 px of it visible. */
function onScreen(img: HTMLImageElement): HTMLImageElement {
  img.getBoundingClientRect = () =>
    ({ left: 0, top: 100, right: 300, bottom: 300, width: 300, height: 200 }) as DOMRect;
  return img;
}

describe("the modules wait for the picture's largest paint where the browser reports it", () => {
  it("start once the browser reports the picture painted, not when it has only loaded", () => {
    const paint = largestPaints();
    const picture = onScreen(pendingPicture());
    // A smaller largest paint before the picture loaded (the heading) does not count,
    // delivered from the browser's buffer when the loader starts observing.
    paint([{ element: document.body, startTime: 10, size: 20_000 }]);
    runLoader();
    picture.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(100);
    expect(started().preloads).toEqual([]);

    paint([{ element: picture, startTime: 120, size: 60_000 }]);
    vi.advanceTimersByTime(1);
    expect(started().preloads).toEqual(MODULES);
    expect(started().module).toBeDefined();
  });

  it("do not start on a smaller largest paint of another element after the picture ended", () => {
    const paint = largestPaints();
    const picture = onScreen(pendingPicture());
    runLoader();
    picture.dispatchEvent(new Event("error"));
    vi.advanceTimersByTime(10);
    paint([{ element: document.body, startTime: 50, size: 59_999 }]);
    vi.advanceTimersByTime(10);
    expect(started().module).toBeUndefined();
    paint([{ element: picture, startTime: 60, size: 60_000 }]);
    vi.advanceTimersByTime(1);
    expect(started().module).toBeDefined();
  });

  it("start on a paint at least as large as the picture's part on the screen: it will not be the largest", () => {
    const paint = largestPaints();
    const picture = onScreen(pendingPicture());
    runLoader();
    picture.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(10);
    expect(started().module).toBeUndefined();
    // The desktop marketplace: the banner, wider than the first card, is the largest.
    paint([{ element: document.body, startTime: 70, size: 60_000 }]);
    vi.advanceTimersByTime(1);
    expect(started().module).toBeDefined();
  });

  it("start after the first frame when the picture is not on the first screen", () => {
    largestPaints();
    const picture = pendingPicture();
    runLoader();
    picture.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(100);
    expect(started().module).toBeDefined();
  });

  it("start MAX_PAINT_WAIT_MS after the picture ended when no such paint is reported, once", () => {
    largestPaints();
    const picture = onScreen(pendingPicture());
    runLoader();
    picture.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(MAX_PAINT_WAIT_MS - 1);
    expect(started().module).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(started().preloads).toEqual(MODULES);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(
      [...document.querySelectorAll("script")].filter((s) => s.type === "module"),
    ).toHaveLength(1);
  });
});

const WHOLE = "/assets/site-1.css";

/** A landing page's `<style>`: its first-paint rules, naming the whole stylesheet (decision 0038). */
function firstPaintStyles(): void {
  const style = document.createElement("style");
  style.id = "site-styles";
  style.setAttribute(SITE_STYLESHEET_ATTRIBUTE, WHOLE);
  document.head.append(style);
}

/** The whole stylesheet's link the loader added. */
function wholeStylesheet(): Element | undefined {
  return [...document.head.querySelectorAll('[rel="stylesheet"]')].find(
    (link) => link.getAttribute("href") === WHOLE,
  );
}

describe("the whole stylesheet on a page with only its first-paint rules", () => {
  // happy-dom would fetch (or fail) a real link itself: the loader's links are inert
  // elements here, with `rel` and `href` as attributes, and the tests say when one loads.
  beforeEach(() => {
    const create = document.createElement.bind(document);
    vi.spyOn(document, "createElement").mockImplementation(
      (tag: string, options?: ElementCreationOptions) => {
        if (tag !== "link") return create(tag, options);
        const link = create("x-link");
        for (const name of ["rel", "href"]) {
          Object.defineProperty(link, name, {
            get: () => link.getAttribute(name),
            set: (value: string) => link.setAttribute(name, value),
          });
        }
        return link;
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("is added with the modules, and the module script (which hydrates) waits for it", () => {
    firstPaintStyles();
    runLoader();
    vi.advanceTimersByTime(100);
    expect(started().preloads).toEqual(MODULES);
    const link = wholeStylesheet();
    expect(link).toBeDefined();
    expect(started().module).toBeUndefined();

    link?.dispatchEvent(new Event("load"));
    expect(started().module?.textContent).toBe('import("/assets/entry.client-1.js");');
    link?.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(MAX_STYLESHEET_WAIT_MS);
    expect(
      [...document.querySelectorAll("script")].filter((s) => s.type === "module"),
    ).toHaveLength(1);
  });

  it("lets the module script go when the stylesheet fails", () => {
    firstPaintStyles();
    runLoader();
    vi.advanceTimersByTime(100);
    expect(started().module).toBeUndefined();
    wholeStylesheet()?.dispatchEvent(new Event("error"));
    expect(started().module).toBeDefined();
  });

  it("lets it go MAX_STYLESHEET_WAIT_MS after the start when the stylesheet never arrives, once", () => {
    firstPaintStyles();
    runLoader();
    vi.advanceTimersByTime(100);
    vi.advanceTimersByTime(MAX_STYLESHEET_WAIT_MS - 101);
    expect(started().module).toBeUndefined();
    vi.advanceTimersByTime(101);
    expect(started().module).toBeDefined();
    wholeStylesheet()?.dispatchEvent(new Event("load"));
    expect(
      [...document.querySelectorAll("script")].filter((s) => s.type === "module"),
    ).toHaveLength(1);
  });

  it("is not added on a page whose <style> holds the whole stylesheet", () => {
    const style = document.createElement("style");
    style.id = "site-styles";
    document.head.append(style);
    runLoader();
    vi.advanceTimersByTime(100);
    expect(wholeStylesheet()).toBeUndefined();
    expect(started().module).toBeDefined();
  });
});

/** What React leaves on the DOM: on the document once `hydrateRoot` ran and committed… */
function reactTakesOver(): void {
  // The root's first commit, with the page hydrated (React's FiberRoot, as far as read).
  const root = { current: { memoizedState: { isDehydrated: false } } };
  Object.assign(document, { __reactContainer$test: { stateNode: root } });
}

/** …and on each element once hydrated. */
function hydrate(...elements: Element[]): void {
  for (const element of elements) Object.assign(element, { __reactProps$test: {} });
}

/**
 * A field as React tracks it: `value` written through the element is remembered (React's
 * value tracker), and an `input` event is a change only if the value differs from it.
 */
function trackedField(input: HTMLInputElement): { changes: string[] } {
  const proto = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
  if (!proto?.get || !proto.set) throw new Error("no value property");
  const read = proto.get.bind(input) as () => string;
  const write = proto.set.bind(input) as (value: string) => void;
  let tracked = read();
  Object.defineProperty(input, "value", {
    configurable: true,
    get: read,
    set: (value: string) => {
      tracked = value;
      write(value);
    },
  });
  Object.assign(input, { __reactProps$test: {} });
  const changes: string[] = [];
  input.addEventListener("input", () => {
    const now = read();
    if (now !== tracked) changes.push(now);
    tracked = now;
  });
  return { changes };
}

describe("what a person does before hydration", () => {
  function page(): { main: HTMLElement; button: HTMLButtonElement; clicks: string[] } {
    const main = document.createElement("main");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Edit Profile";
    const clicks: string[] = [];
    button.addEventListener("click", () => clicks.push("click"));
    main.append(button);
    document.body.append(main);
    return { main, button, clicks };
  }

  afterEach(() => {
    Reflect.deleteProperty(document, "__reactContainer$test");
  });

  it("the first touch starts the modules without waiting for the pictures", () => {
    pendingPicture();
    runLoader();
    vi.advanceTimersByTime(100);
    expect(started().module).toBeUndefined();
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(started().preloads).toEqual(MODULES);
  });

  it("holds a button's click until React has hydrated the page, then does it again", () => {
    const { main, button, clicks } = page();
    pendingPicture();
    runLoader();
    button.click();
    expect(clicks).toEqual([]);
    expect(started().module).toBeDefined();
    vi.advanceTimersByTime(1_000);
    expect(clicks).toEqual([]);

    reactTakesOver();
    hydrate(main);
    vi.advanceTimersByTime(1_000);
    // Still not hydrated itself (a Suspense boundary whose code is on its way).
    expect(clicks).toEqual([]);
    hydrate(button);
    vi.advanceTimersByTime(50);
    expect(clicks).toEqual(["click"]);
    // From then on clicks are the page's own.
    button.click();
    expect(clicks).toEqual(["click", "click"]);
  });

  it("reports a field typed before hydration to React as a change, before the held click", () => {
    const { main, button, clicks } = page();
    const input = document.createElement("input");
    input.defaultValue = "";
    main.prepend(input);
    const { changes } = trackedField(input);
    const order: string[] = [];
    input.addEventListener("input", () => order.push("input"));
    button.addEventListener("click", () => order.push("click"));
    runLoader();
    // Typed without going through React (as the DOM does before hydration).
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "blue");
    button.click();

    reactTakesOver();
    hydrate(main, button);
    vi.advanceTimersByTime(50);
    expect(changes).toEqual(["blue"]);
    expect(input.value).toBe("blue");
    expect(order).toEqual(["input", "click"]);
    expect(clicks).toEqual(["click"]);
  });

  it("reports what the person typed even when React wrote the server's value back on hydrating", () => {
    const { main } = page();
    const input = document.createElement("input");
    input.type = "search";
    input.defaultValue = "";
    main.prepend(input);
    runLoader();
    const protoValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
    // Typed before hydration: the DOM changes the value and fires input.
    protoValue?.set?.call(input, "lighth");
    input.dispatchEvent(new Event("input", { bubbles: true }));

    // React 19 hydrates the controlled box with its state, the server's empty text.
    const { changes } = trackedField(input);
    input.value = "";
    reactTakesOver();
    hydrate(main);
    vi.advanceTimersByTime(50);
    expect(changes).toEqual(["lighth"]);
    expect(input.value).toBe("lighth");
  });

  it("reports a choice made before hydration that React unticked on hydrating", () => {
    const { main } = page();
    const box = document.createElement("input");
    box.type = "checkbox";
    main.prepend(box);
    runLoader();
    box.click();
    expect(box.checked).toBe(true);

    const clicks: boolean[] = [];
    box.addEventListener("click", () => clicks.push(box.checked));
    box.checked = false;
    reactTakesOver();
    hydrate(main, box);
    vi.advanceTimersByTime(50);
    expect(box.checked).toBe(true);
    expect(clicks).toEqual([true]);
  });

  it("reports the radio the person chose last, not one they chose and then left", () => {
    const { main } = page();
    const radios = ["featured", "newest", "price"].map((value) => {
      const radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "sort";
      radio.value = value;
      radio.defaultChecked = value === "featured";
      main.append(radio);
      return radio;
    });
    const [featured, newest, price] = radios as [
      HTMLInputElement,
      HTMLInputElement,
      HTMLInputElement,
    ];
    runLoader();
    price.click();
    newest.click();
    featured.click();

    const clicked: string[] = [];
    for (const radio of radios) radio.addEventListener("click", () => clicked.push(radio.value));
    // React writes its state (the server's choice) back as it hydrates.
    featured.checked = true;
    reactTakesOver();
    hydrate(main, ...radios);
    vi.advanceTimersByTime(50);
    expect(clicked).toEqual([]);
    expect(featured.checked).toBe(true);

    // A choice away from the server's is reported, whichever was picked before it.
    const { main: other } = page();
    Reflect.deleteProperty(document, "__reactContainer$test");
    for (const radio of radios) other.append(radio);
    featured.checked = true;
    document.head.innerHTML = "";
    runLoader();
    newest.click();
    price.click();
    const again: string[] = [];
    for (const radio of radios) radio.addEventListener("click", () => again.push(radio.value));
    featured.checked = true;
    reactTakesOver();
    vi.advanceTimersByTime(50);
    expect(again).toEqual(["price"]);
    expect(price.checked).toBe(true);
  });

  it("lets a held click through as it is when React never takes the page", () => {
    const { button, clicks } = page();
    runLoader();
    button.click();
    vi.advanceTimersByTime(MAX_HOLD_MS - 100);
    expect(clicks).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(clicks).toEqual(["click"]);
  });
});
