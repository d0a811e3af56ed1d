/**
 * What other features may use of artists: its repositories stay private to it.
 */
export { findArtist } from "./artists.repository";
