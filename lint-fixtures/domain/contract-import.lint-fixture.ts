// A deliberate violation (eslint.config.js): domain/ importing a contract, which builds on
// domain/ (the reverse direction). eslint.config.test.ts expects the error.
import type { ArtworkCard } from "../contracts/artworks.contract";

export type Card = ArtworkCard;
