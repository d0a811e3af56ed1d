import type { ArtworkHit } from "../search/search.types";

export type ArtworkImage = {
  /** Stable id of this image; `PATCH /api/artworks/:id` takes it in `imageIds` to keep it. */
  id: string;
  original: string;
  medium: string;
  thumbnail: string;
  type: string;
  contextId: string | null;
  /** Pixel size of the original; null when unknown (images not uploaded through the API). */
  width: number | null;
  height: number | null;
};
export type ExhibitionTile = {
  id: string;
  name: string;
  address: string;
  bannerUrl: string | null;
};

/** `GET /api/artworks/:id`. Money in cents. */
export type ArtworkDetail = {
  id: string;
  title: string;
  createdYear: number | null;
  materials: string;
  description: string;
  width: number;
  height: number;
  depth: number;
  price: number | null;
  isForSale: boolean;
  status: string;
  isPublicArt: boolean;
  allowBuyerPickUp: boolean;
  zipCode: string | null;
  imageOriginal: string | null;
  imageMedium: string | null;
  imageThumbnail: string | null;
  images: ArtworkImage[];
  categories: { id: string; name: string }[];
  artist: { id: string; displayName: string; birthYear: number | null; city: string | null };
  /** Who owns it (who bought it): only for the owner, the artist and admins, else null. */
  ownerId: string | null;
  exhibitions: ExhibitionTile[];
  createdAt: string;
};

export type ArtworkCard = ArtworkHit;
