export * from "./auth";
export * from "./catalog";
export * from "./artworks";
export * from "./exhibitions";
export * from "./commerce";
export * from "./outbox";
export * from "./uploads";
export * from "./operations";
