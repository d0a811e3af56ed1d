import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import HOLD_PICTURES from "./boot/hold-pictures.js?minified-script";
import LOADER from "./boot/loader.js?minified-script";
import { SITE_STYLESHEET_ATTRIBUTE } from "./site-styles";

/**
 * The two scripts this writes into a page are files of their own (app/lib/boot/), minified
 * at build time (scripts/minified-script-plugin.ts); their `__NAMES__` are filled in here.
 * Each script is checked once, when this module loads: it has every name it is given and
 * no other, so a page never carries one, and what is filled in per page (the module
 * addresses) is never read as one.
 */
function filler(
  script: string,
  names: readonly string[],
): (values: Record<string, string>) => string {
  const found = new Set(script.match(/__[A-Z][A-Z_]*__/g) ?? []);
  const expected = new Set(names);
  for (const name of names) if (!found.has(name)) throw new Error(`a boot script has no ${name}`);
  for (const name of found) if (!expected.has(name)) throw new Error(`a boot script holds ${name}`);
  const parts = script.split(new RegExp(`(${names.join("|")})`));
  return (values) => parts.map((part) => (expected.has(part) ? values[part] : part)).join("");
}

/**
 * The page's JavaScript starts after its first picture is on the screen (issue 17,
 * decision 0034: no JavaScript needed for the first paint, and none competing with it).
 *
 * React Router's `<Scripts>` writes, for the first load, a `<link rel="modulepreload">`
 * per module (React puts them in the head, where the browser fetches them at once, ahead
 * of the stylesheet on an HTTP/1.1 connection) and, at the end of the body, a
 * `<script type="module">` that imports the route modules and then the client entry,
 * which hydrates. On a phone that is 120 KB of script downloaded beside the page's
 * largest picture, then parsed, run and hydrated before the browser gets to paint.
 *
 * This transform, on the server's HTML stream:
 * - takes the `modulepreload` links out of the page and keeps their addresses;
 * - writes React Router's module script as inert text (`type="text/x-deferred-module"`,
 *   same content with its route manifest unindented, same nonce; hydration ignores the
 *   changed type);
 * - follows it with a small inline script (with the request's nonce, read from itself)
 *   that waits until the page's high-priority pictures (`fetchpriority="high"`: the LCP
 *   picture) have loaded or failed, then until the browser reports the largest paint that
 *   shows them or one at least as large as their part of the screen (a
 *   `largest-contentful-paint` entry; at most `MAX_PAINT_WAIT_MS`; one frame in a browser
 *   without such entries, or when the picture is not on the first screen), and only then
 *   adds the modulepreload links and the module script, as React Router wrote them: a
 *   module fetched before the picture is painted shares the line with it. A page without
 *   such a picture starts after its first frame. A picture that never ends does not hold
 *   the page for ever: the modules start `MAX_WAIT_MS` after the loader ran at the latest.
 *   A person's first touch, key, focus or scroll starts them at once.
 * - on a page whose `<style>` holds only its first-paint rules (decision 0038), adds the
 *   whole stylesheet first, and the module script (which hydrates) waits until it has
 *   loaded or failed (then it is asked for once more), at most `MAX_STYLESHEET_WAIT_MS`;
 * - adds the tab's icon at the same moment (root.tsx names it in a `<noscript data-icon>`,
 *   which a browser without JavaScript reads, and gives an empty `data:` icon until then):
 *   on a phone's connection its request, made beside the picture's, took a second
 *   connection and ended after the picture;
 * - lets go of the lazy pictures `holdScript()` held (below).
 *
 * Otherwise the HTML, the data React Router streams and its classic inline scripts
 * (context, scroll restoration) are as they were, and without JavaScript the page is the
 * same. Cost: the page becomes interactive after its picture instead of beside it.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * The longest the modules wait for the pictures, from the loader's run: a picture that
 * never arrives (a stalled connection, a server that never answers) must not keep the
 * page without its JavaScript.
 */
export const MAX_WAIT_MS = 3_000;

/**
 * Longest the module script waits for the whole stylesheet on a page that has only its
 * first-paint rules inline (decision 0038): one that never arrives must not keep the page
 * without its JavaScript; what it styles (dialogs, panels) is then unstyled until it does.
 */
export const MAX_STYLESHEET_WAIT_MS = 3_000;

/**
 * Longest the modules wait, once the pictures have ended, for the browser to report the
 * largest paint that shows them (a `largest-contentful-paint` entry for one of them): a
 * picture that is not the page's largest element gets no entry. (A person's first touch,
 * key, focus or scroll starts them at once.)
 */
export const MAX_PAINT_WAIT_MS = 1_000;

const MODULE_SCRIPT_OPEN = /<script([^>]*?) type="module" async="">/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;

/**
 * Longest that clicks and submits made before hydration are held once the modules have
 * started: whatever React has not taken by then (a module that never arrives) is let
 * through as the browser does it without JavaScript (forms post, links go).
 */
export const MAX_HOLD_MS = 20_000;

const fillLoader = filler(LOADER, [
  "__MODULES__",
  "__MAX_HOLD_MS__",
  "__MAX_STYLESHEET_WAIT_MS__",
  "__MAX_PAINT_WAIT_MS__",
  "__MAX_WAIT_MS__",
]);

/**
 * The inline loader; `hrefs` are the module addresses the page would have preloaded.
 *
 * Besides starting the modules (above), it keeps what a person does before the page has
 * hydrated (decision 0034, addendum "Before hydration"):
 * - the first touch, key or focus starts the modules at once, pictures or not;
 * - a click on a button and a form's submit are held (with their default action) until
 *   React has hydrated that button or form, then done again, in order: a button that only
 *   works with JavaScript (a dialog's, a menu's) does what it says instead of nothing,
 *   and a form goes through its checks and its client-side submit. Hydrated means React
 *   has rendered the element (its `__reactProps$…` marker): a part of the page in a
 *   Suspense boundary whose code is still on its way is not, even after the rest is;
 * - every field whose value or choice differs from the server's (typed or picked before
 *   hydration) is reported to React as a change as soon as the field is hydrated, before
 *   any held click is done again, so a controlled field's state has what the person sees.
 *   What is reported is what the person left in the field, remembered from its `input`
 *   and `change` events (and, for what came without events, such as autofill, read when
 *   the modules start): React 19 writes a controlled field's own value back into it as
 *   it hydrates it, so by then the field itself may show the server's value again.
 *   React's value tracker would otherwise see no change: the value written through the
 *   element (React's setter) is the server's, the one put back through the prototype's
 *   setter (bypassing it) is the person's, then the event.
 * If the modules fail, or React has not taken a held element within MAX_HOLD_MS of the
 * start, what is left is let through as it would be without JavaScript.
 */
export function bootScript(hrefs: string[]): string {
  // Addresses come from React Router's manifest; JSON with "<" escaped stays inside the tag.
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  return fillLoader({
    __MODULES__: list,
    __MAX_HOLD_MS__: String(MAX_HOLD_MS),
    __MAX_STYLESHEET_WAIT_MS__: String(MAX_STYLESHEET_WAIT_MS),
    __MAX_PAINT_WAIT_MS__: String(MAX_PAINT_WAIT_MS),
    __MAX_WAIT_MS__: String(MAX_WAIT_MS),
  });
}

/** The global through which the loader lets the held pictures go (`holdScript`). */
export const RELEASE_PICTURES = "__vernissageReleasePictures";

// The scripts name these themselves (they are plain files); they must agree with this one.
for (const [script, names] of [
  [LOADER, [RELEASE_PICTURES, SITE_STYLESHEET_ATTRIBUTE]],
  [HOLD_PICTURES, [RELEASE_PICTURES]],
] as const) {
  for (const name of names)
    if (!script.includes(name))
      throw new Error(`a boot script (app/lib/boot/) does not name ${name}`);
}

/**
 * The pictures further down the page wait for the first one too (issue 17). A
 * lazy-loading picture is fetched as soon as it is within about a screen and a half of
 * the window, and on a phone that is the next cards of the marketplace and an artwork
 * page's rails, 100–200 KB sharing the line with the picture the page is painting.
 *
 * This script, first in the body, watches the parser: each `loading="lazy"` picture it
 * adds has its `src` and `srcset` put aside (the browser fetches nothing for it) until
 * the loader starts the modules (after the largest paint, or at the first touch, key,
 * focus or scroll), or `MAX_WAIT_MS` after it ran at the latest (at once when the
 * document has been parsed without a loader: a page without modules); then they are put back as
 * they were, before React hydrates, and the browser loads each as it would have. Eager
 * pictures are not touched (the browser may already have them from the preload scanner).
 * Without JavaScript nothing is held.
 */
export function holdScript(): string {
  return HOLD_SCRIPT;
}

const HOLD_SCRIPT = filler(HOLD_PICTURES, ["__MAX_WAIT_MS__"])({
  __MAX_WAIT_MS__: String(MAX_WAIT_MS),
});

const BODY_OPEN = /<body\b[^>]*>/;

/** React Router's route manifest in its module script: indented JSON, then `;`. */
const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/;

/**
 * The module script with its route manifest written without indentation (issue 17:
 * 0.1 KB less of a compressed page). Left as it is if it does not read as JSON. Every `<`
 * is written as `\u003c` (React Router writes the manifest as it is), so nothing in it
 * can end the script element.
 */
export function compactManifest(script: string): string {
  return script.replace(MANIFEST, (whole, assign: string, json: string) => {
    try {
      return `${assign}${JSON.stringify(JSON.parse(json)).replace(/</g, "\\u003c")};`;
    } catch {
      return whole;
    }
  });
}

/** The stream transform described above, for one page; `nonce` is the request's CSP nonce. */
export function deferScripts(nonce?: string, { holdPictures = true } = {}): Transform {
  const decoder = new StringDecoder("utf8");
  const hrefs: string[] = [];
  let held = "";
  /** 0: module script not seen yet; 1: inside it; 2: loader written. */
  let state: 0 | 1 | 2 = 0;
  let nonceAttributes = "";
  let bodySeen = false;

  function rewrite(text: string): string {
    let out = text.replace(MODULE_PRELOAD, (_tag, href: string) => {
      hrefs.push(href);
      return "";
    });
    if (!bodySeen && holdPictures) {
      const body = BODY_OPEN.exec(out);
      if (body) {
        bodySeen = true;
        const end = body.index + body[0].length;
        const attributes = nonce ? ` nonce="${nonce.replace(/[^\w+/=-]/g, "")}"` : "";
        out = `${out.slice(0, end)}<script${attributes}>${holdScript()}</script>${out.slice(end)}`;
      }
    }
    if (state === 0) {
      const open = MODULE_SCRIPT_OPEN.exec(out);
      if (open) {
        nonceAttributes = open[1] ?? "";
        out =
          out.slice(0, open.index) +
          `<script${nonceAttributes} type="${DEFERRED_MODULE_TYPE}">` +
          out.slice(open.index + open[0].length);
        state = 1;
      }
    }
    if (state === 1) {
      const open = out.lastIndexOf(`type="${DEFERRED_MODULE_TYPE}">`);
      const close = out.indexOf("</script>", open);
      if (close !== -1) {
        const end = close + "</script>".length;
        const start = open === -1 ? 0 : open;
        out =
          out.slice(0, start) +
          compactManifest(out.slice(start, close)) +
          "</script>" +
          `<script${nonceAttributes}>${bootScript(hrefs)}</script>` +
          out.slice(end);
        state = 2;
      }
    }
    return out;
  }

  /** Text up to the last complete tag; an unfinished tag waits for the next chunk. */
  function ready(text: string): [string, string] {
    const lastOpen = text.lastIndexOf("<");
    if (lastOpen === -1 || text.indexOf(">", lastOpen) !== -1) return [text, ""];
    return [text.slice(0, lastOpen), text.slice(lastOpen)];
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const [now, later] = ready(held + decoder.write(chunk));
      held = later;
      // Inside the module script, wait for its end so the loader follows it in one piece.
      if (state === 1 && !now.includes("</script>")) {
        held = now + held;
        callback();
        return;
      }
      callback(null, now ? rewrite(now) : undefined);
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, rest ? rewrite(rest) : undefined);
    },
  });
}
