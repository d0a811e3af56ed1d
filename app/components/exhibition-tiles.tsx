import { Link } from "react-router";
import type { ExhibitionTile as ExhibitionTileData } from "../../contracts/artworks.contract";
import { BannerImage } from "./banner-image";

/**
 * A small banner tile linking to /exhibition/{id}: the artwork page's 'Currently on
 * Display' and the artist profile's exhibitions (SPEC §2).
 */
export function ExhibitionTiles({
  exhibitions,
}: {
  exhibitions: ReadonlyArray<Pick<ExhibitionTileData, "id" | "name" | "address" | "bannerUrl">>;
}) {
  return (
    <ul className="exhibition-tiles">
      {exhibitions.map((exhibition) => (
        <li key={exhibition.id}>
          <Link to={`/exhibition/${exhibition.id}`} className="exhibition-tile">
            <BannerImage src={exhibition.bannerUrl} name={exhibition.name} />
            <span className="exhibition-tile-name">{exhibition.name}</span>
            <span className="exhibition-tile-address">{exhibition.address}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
