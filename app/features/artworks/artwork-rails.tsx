import type { ArtworkRails as ArtworkRailsData } from "../../../contracts/artwork-rails.contract";
import { ArtworkGrid } from "../../components/artwork-card";
import { artworkMessages as m } from "./artworks.messages";

/** The id the sold notice links to. */
export const RAILS_ID = "artwork-rails";

export function hasRails(rails: ArtworkRailsData | undefined): rails is ArtworkRailsData {
  return Boolean(rails && (rails.moreByArtist.length > 0 || rails.related.length > 0));
}

/**
 * "More by {artist}" and "Related works" under the work, each a labelled section
 * of the usual cards (their images load lazily, so the work's own image stays first). An
 * empty rail is not shown; with both empty, nothing is.
 */
export function ArtworkRails({
  rails,
  artistName,
}: {
  rails: ArtworkRailsData | undefined;
  artistName: string;
}) {
  if (!hasRails(rails)) return null;
  return (
    <div id={RAILS_ID} className="artwork-rails">
      {rails.moreByArtist.length > 0 ? (
        <section className="artwork-rail" aria-labelledby="artwork-rail-more-heading">
          <h2 id="artwork-rail-more-heading">{m.moreBy(artistName)}</h2>
          <ArtworkGrid artworks={rails.moreByArtist} layout="rail" />
        </section>
      ) : null}
      {rails.related.length > 0 ? (
        <section className="artwork-rail" aria-labelledby="artwork-rail-related-heading">
          <h2 id="artwork-rail-related-heading">{m.relatedWorks}</h2>
          <ArtworkGrid artworks={rails.related} layout="rail" />
        </section>
      ) : null}
    </div>
  );
}

/**
 * A sold work is not a dead end: right under its SOLD badge, a pointer to the
 * works around it, naming only the rails that are there.
 */
export function SoldRailsNotice({
  rails,
  artistName,
}: {
  rails: ArtworkRailsData;
  artistName: string;
}) {
  return (
    <p className="artwork-sold-notice">
      {m.soldLead}
      <a href={`#${RAILS_ID}`}>
        {m.soldSeeBelow(artistName, rails.moreByArtist.length > 0, rails.related.length > 0)}
      </a>
    </p>
  );
}
