// A deliberate violation (eslint.config.js): shared code reaching into a feature.
import { artworkMessages } from "../features/artworks/artworks.messages";

export const sharedToFeature = artworkMessages;
