import { PassThrough } from "node:stream";
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

/**
 * React Router's default Node entry (isbot, streaming, the same timeouts), plus this
 * request's CSP nonce: the server's Content-Security-Policy runs inline scripts only
 * with it (decision 0024). `<ServerRouter nonce>` gives it to `<Scripts>`,
 * `<ScrollRestoration>` and `<Links>`; `renderToPipeableStream({ nonce })` to the
 * scripts React writes while it streams Suspense boundaries. Nothing else touches the
 * HTML: what a page needs first (its stylesheet, its largest picture) is said in the
 * routes through React Router's `links` and React's `preload()` (decision 0051).
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
    // Bots and SPA mode get the whole page at once, everyone else the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Aborts after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
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
          pipe(body);
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
