/**
 * What other features may use of exhibitions: its repositories stay private to it.
 */
export {
  findActiveExhibition,
  listActiveExhibitions,
  listActiveExhibitionsOfArtist,
} from "./exhibitions.repository";
