/**
 * A service function takes its deps first: `(deps, ...args) => result`. `bind` gives the
 * callers (routes, loaders) `(...args) => result`, typed from the function itself, so a
 * service's signature is written once, where it is defined, and adding one is one edit in
 * server/services.ts.
 */
type Service<D> = (deps: D, ...args: never[]) => unknown;

export type Bound<D, T extends Record<string, Service<D>>> = {
  [K in keyof T]: T[K] extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never;
};

export function bind<D, T extends Record<string, Service<D>>>(deps: D, services: T): Bound<D, T> {
  const bound: Record<string, (...args: never[]) => unknown> = {};
  for (const [name, service] of Object.entries(services)) {
    bound[name] = (...args: never[]) => service(deps, ...args);
  }
  return bound as Bound<D, T>;
}
