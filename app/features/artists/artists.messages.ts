import { discoveryMessages as d } from "../../../domain/discovery-messages";

/** SPEC §2 and §8 texts of this page, from the one shared list in domain/. */
export const artistMessages = {
  artistNotFound: d.artistNotFound,
  invalidArtist: d.invalidArtist,
  artworksLoadFailed: d.artworksLoadFailed,
  loading: d.artistLoading,
  noArtworks: d.noArtistArtworks,
  noBio: d.noArtistBio,
} as const;
