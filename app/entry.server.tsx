import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  ServerRouter,
} from "react-router";
import { deferScripts } from "./lib/deferred-scripts.server";
import { cutFirstPaint } from "./lib/critical-css.server";
import { firstPaintSheet, pageStyles } from "./lib/page-styles.server";
import { SiteStylesContext } from "./lib/site-styles";

/**
 * React Router's default Node entry (isbot, streaming, the same timeouts), plus this
 * request's CSP nonce: the server's Content-Security-Policy runs inline scripts only
 * with it (decision 0024). `<ServerRouter nonce>` gives it to `<Scripts>`,
 * `<ScrollRestoration>` and `<Links>`; `renderToPipeableStream({ nonce })` to the
 * scripts React writes while it streams Suspense boundaries. The HTML goes through
 * `deferScripts()`: the page's modules load after its first picture (decision 0034).
 * The stylesheet is in the page (`<SiteStyles>`, app/lib/site-styles.tsx), given here: the
 * whole of it, or a landing page's first-paint part (app/lib/page-styles.server.ts), cut to
 * the rules its HTML can match once the page is written (app/lib/critical-css.server.ts).
 */
export const streamTimeout = 5_000;

/**
 * An error a loader or action threw (a response thrown on purpose, see
 * app/lib/loader-errors.server.ts, never comes here): logged through the server's
 * logger like every other failure, instead of React Router's default console.error.
 * A request the browser gave up on is not a failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { services } = context as AppLoadContext;
  services.logger.error("A page failed to render", { error, url: request.url });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const bot = Boolean(userAgent && isbot(userAgent));
    const styles = pageStyles(routerContext);
    const sheet = firstPaintSheet(styles);
    // Bots and SPA mode get the whole page at once, everyone else the shell first; a
    // landing page too, since its stylesheet is cut only once the page is whole (below):
    // then React writes no script to move streamed parts into place.
    const readyOption: keyof RenderToPipeableStreamOptions =
      bot || routerContext.isSpaMode || sheet ? "onAllReady" : "onShellReady";

    // Aborts after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <SiteStylesContext value={{ ...styles, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SiteStylesContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Cleared so the closure (and its memory) is not kept until the timeout.
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          // The page's JavaScript waits for its first picture (app/lib/deferred-scripts.server.ts).
          // A crawler's renderer may take its picture of the page before the lazy
          // pictures' addresses are put back: they are not held for it.
          const deferred = deferScripts(nonce, { holdPictures: !bot });
          // A landing page's first-paint part, cut to the rules its HTML can match: the
          // page is held until its end for that (app/lib/critical-css.server.ts).
          // pipeline(): a transform that fails ends the answer instead of leaving it open.
          // A visitor who went away is not a failure (as in handleError above).
          const done = (error: NodeJS.ErrnoException | null) => {
            if (!error || request.signal.aborted || error.code === "ERR_STREAM_PREMATURE_CLOSE")
              return;
            loadContext.services.logger.error("A page failed while streaming", { error });
          };
          if (sheet) pipeline(deferred, cutFirstPaint(styles.css, sheet), body, done);
          else pipeline(deferred, body, done);
          pipe(deferred);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject and are logged by handleDocumentRequest.
          if (shellRendered)
            loadContext.services.logger.error("A page failed while streaming", { error });
        },
      },
    );
  });
}
