import { type ComponentProps, Suspense, lazy } from "react";
import type { ReturnPanel } from "./return-panel";

const LoadedReturnPanel = lazy(() =>
  import("./return-panel").then((module) => ({ default: module.ReturnPanel })),
);

/**
 * The return panel as a download of its own (decision 0034): the server renders it into
 * the order's page, and the browser fetches its script beside the page's, not before the
 * first paint.
 */
export function LazyReturnPanel(props: ComponentProps<typeof ReturnPanel>) {
  return (
    <Suspense fallback={null}>
      <LoadedReturnPanel {...props} />
    </Suspense>
  );
}
