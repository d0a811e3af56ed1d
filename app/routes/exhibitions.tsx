import { Link } from "react-router";
import { BannerImage } from "../components/banner-image";
import { RouteLoadError } from "../components/load-error";
import { loadExhibitionsPage } from "../features/exhibitions/exhibitions.server";
import { exhibitionsMessages as m } from "../features/exhibitions/exhibitions.messages";
import { exhibitionsListMeta } from "../features/exhibitions/exhibitions-meta";
import { ExhibitionRun } from "../features/exhibitions/exhibition-run";
import { errorMeta } from "../lib/meta";
import { routeErrorText } from "../lib/route-error-text";
import type { Route } from "./+types/exhibitions";

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (!loaderData) return errorMeta(routeErrorText(error, m.exhibitionsLoadFailed));
  return exhibitionsListMeta(loaderData.origin, loaderData.exhibitions);
}

export function loader({ context }: Route.LoaderArgs) {
  return loadExhibitionsPage(context);
}

/** SPEC §2 Exhibitions list: the active exhibitions as cards, with their days. */
export default function Exhibitions({ loaderData }: Route.ComponentProps) {
  const { exhibitions } = loaderData;
  return (
    <section className="exhibitions-page" aria-labelledby="exhibitions-heading">
      <h1 id="exhibitions-heading">Exhibitions</h1>
      {exhibitions.length === 0 ? (
        <p className="status-text">{m.noActiveExhibitions}</p>
      ) : (
        <ul className="exhibition-cards">
          {exhibitions.map((exhibition, i) => (
            <li key={exhibition.id}>
              <article className="exhibition-card">
                <BannerImage src={exhibition.bannerUrl} name={exhibition.name} priority={i === 0} />
                <div className="exhibition-card-body">
                  <h2>{exhibition.name}</h2>
                  <ExhibitionRun run={exhibition.run} />
                  <p className="exhibition-card-address">{exhibition.address}</p>
                  <Link to={`/exhibition/${exhibition.id}`} className="button">
                    View Exhibition
                    <span className="visually-hidden"> {exhibition.name}</span>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteLoadError title="Exhibitions" fallback={m.exhibitionsLoadFailed} />;
}
