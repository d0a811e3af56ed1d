// A deliberate violation (eslint.config.js): shared code reaching into a feature.
import { artworkMessages } from "../features/artwork/artwork.messages";

export const sharedToFeature = artworkMessages;
