/**
 * What other features may use of artworks: its repositories stay private to it.
 */
export {
  artworkImageColumns,
  findArtworkDetail,
  listArtistArtworks,
  listCollectionArtworks,
  listExhibitionArtworks,
  listSavedArtworks,
} from "./artworks.repository";
export { availableSql, takesOffersSql } from "./availability.repository";
export { cardColumnsSql, type CardRow, toCard } from "./card-row.repository";
export { artistListedSql, listedArtworkSql, listedSql } from "./listed.repository";
export { findMoreByArtist, findRelatedWorks, LARGE_CATEGORY } from "./related.repository";
export {
  artworkImagesForExport,
  artworksForExport,
  countArtworkImagesOf,
  withdrawArtistListings,
} from "./personal-data.repository";
export { giveReturnedWorkBack } from "./returned.repository";
