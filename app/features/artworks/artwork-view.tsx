import { ReturnPolicyNote } from "../../components/return-policy-note";
import { type ComponentType, Suspense, lazy, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { artistNameText, priceText, titleText, yearText } from "../../../domain/display";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { ExhibitionTiles } from "../../components/exhibition-tiles";
import { OPEN_PARAM, usePanelAskedForEarly } from "../../lib/panel-asked-early";
import { useSessionUser } from "../../lib/session-user";
import { cameFromOurPage } from "../../lib/tab-history";
import { ArtworkCarousel } from "../../components/artwork-carousel";
import { ArtworkFacts } from "../../components/artwork-facts";
import { carouselImages, intrinsicSize } from "../../components/artwork-images";
import { artworkMessages as m } from "./artworks.messages";
import { ArtworkCollect, ArtworkFollow } from "./artwork-collect";
import type { FollowState } from "../../components/collectors/follow-button";
import type { ArtworkRails as ArtworkRailsData } from "../../../contracts/artwork-rails.contract";
import { ArtworkRails, SoldRailsNotice, hasRails } from "./artwork-rails";

/**
 * The owner's controls are a download of their own (decision 0034): only the work's artist
 * sees them, and the server still renders them into the artist's page.
 */
const OwnerControls = lazy(() =>
  import("./owner-controls").then((module) => ({ default: module.OwnerControls })),
);
/** "Report this listing" and its dialog, below the facts: a download of its own too. */
const ReportListing = lazy(() =>
  import("./report-listing").then((module) => ({ default: module.ReportListing })),
);

/** Back to where the visitor came from in the app; to the marketplace after a direct visit. */
function BackButton() {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <button
      type="button"
      className="back-button"
      onClick={() => void (cameFromOurPage(key) ? navigate(-1) : navigate("/"))}
    >
      <span aria-hidden="true">←</span> Back
    </button>
  );
}

/**
 * What the buy panel gets. Another feature (checkout) draws it, so the route composes the
 * two (features never import each other, see eslint.config.js).
 */
export type BuyPanelProps = {
  artwork: ArtworkDetail;
  artistName: string;
  onClose: () => void;
  /** The return policy the work is sold under (decision 0055), stated before paying. */
  returnPolicy?: string | null;
};

/**
 * A panel the route may load on first use (decision 0034): `preload` is called when the
 * pointer or the focus reaches its button, so the code is usually there by the press.
 */
type Panel = ComponentType<BuyPanelProps> & { preload?: () => unknown };

/** Starts fetching a panel's code when someone is about to open it. */
function intentTo(panel: Panel) {
  const preload = () => void panel.preload?.();
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}

/**
 * Buy Now and Make an Offer are submit buttons of a GET form: pressed before the page's
 * script has run, they load the page again with `?open=buy` or `?open=offer`, and the
 * panel opens once it has hydrated (app/lib/early-input.ts). With the script, a press
 * opens the panel and nothing is submitted.
 */
function PanelButtons({ children }: { children: React.ReactNode }) {
  return (
    <form method="get" className="artwork-purchase-buttons" onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}

/** SPEC §6: the same signed-in user is both the work's artist and its owner. */
export function isOwnerArtist(artwork: ArtworkDetail, userId: string | null | undefined): boolean {
  return Boolean(userId) && artwork.artist.id === userId && artwork.ownerId === userId;
}

/**
 * SPEC §2 Artwork detail. The owner-artist gets the owner controls instead of Buy Now;
 * the For Sale switch changes what the page shows at once (Offers only when off: decision 0030).
 */
export function ArtworkView({
  artwork,
  follow = { following: false, followers: 0 },
  BuyPanel,
  OfferPanel,
  AskPanel,
  replyTime = null,
  returnPolicy = null,
  onEditListing,
  rails,
}: {
  artwork: ArtworkDetail;
  /** Issue 16: whether the viewer follows the artist (the Follow button beside their name). */
  follow?: FollowState;
  /** Issue 16: the works around this one, read by the loader beside it. */
  rails?: ArtworkRailsData;
  /** SPEC §2 buy panel, opened by Buy Now; the route gives the checkout's dialog. */
  BuyPanel: Panel;
  /** Issue 15's offer panel, opened by Make an Offer; the route gives the checkout's. */
  OfferPanel: Panel;
  /** Ask the artist: the first message about the work; the route gives the conversations'. */
  AskPanel: Panel;
  /** "Usually replies within N hours", once the artist has answered enough conversations. */
  replyTime?: string | null;
  /** The return policy (decision 0055): "Returns accepted within 14 days of delivery." */
  returnPolicy?: string | null;
  /** Before Edit Listing opens the editor; the route gives the listing draft's reset. */
  onEditListing: (artworkId: string) => void | Promise<void>;
}) {
  const user = useSessionUser();
  const isOwner = isOwnerArtist(artwork, user?.id);
  const [isForSale, setIsForSale] = useState(artwork.isForSale);
  const [panel, setPanel] = useState<"buy" | "offer" | "ask" | null>(null);
  const buyButton = useRef<HTMLButtonElement>(null);
  const offerButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const purchaseArea = useRef<HTMLDivElement>(null);
  const images = useMemo(() => carouselImages(artwork), [artwork]);
  const title = titleText(artwork.title);
  const artistName = artistNameText(artwork.artist.displayName);
  const price = priceText(artwork.price);
  const hidden = typeof artwork.hiddenReason === "string";
  // Sold (not offers only): the rails come first after the main information, since the
  // work itself can no longer be bought.
  const soldWithRails =
    !hidden && !artwork.isForSale && !artwork.offersOnly && hasRails(rails) ? rails : null;

  function closePanel() {
    const opener = panel === "offer" ? offerButton : panel === "ask" ? askButton : buyButton;
    setPanel(null);
    // A work bought by someone else while the panel was open has no Buy Now any more:
    // focus goes to what stands in its place (the SOLD badge).
    (opener.current ?? purchaseArea.current)?.focus();
  }

  // Issue 15: offers only, or for sale with offers allowed (the server decides).
  const offerButtonShown = !hidden && !isOwner && artwork.acceptsOffers === true;
  const buyButtonShown = !hidden && !isOwner && artwork.isForSale;
  // Anyone but the work's own artist may ask about it, sold or not; a visitor signs in on the way.
  const askShown = !hidden && user?.id !== artwork.artist.id;
  usePanelAskedForEarly((asked) => {
    if (asked === "buy" && buyButtonShown) setPanel("buy");
    if (asked === "offer" && offerButtonShown) setPanel("offer");
    if (asked === "ask" && askShown) setPanel("ask");
  });
  const ask = askShown ? (
    <button
      ref={askButton}
      type="submit"
      name={OPEN_PARAM}
      value="ask"
      className="button artwork-ask"
      aria-haspopup="dialog"
      {...intentTo(AskPanel)}
      onClick={(event) => {
        event.preventDefault();
        setPanel("ask");
      }}
    >
      {m.askArtist}
    </button>
  ) : null;
  const makeOffer = offerButtonShown ? (
    <button
      ref={offerButton}
      type="submit"
      name={OPEN_PARAM}
      value="offer"
      className={artwork.isForSale ? "button artwork-offer" : "button button-primary artwork-offer"}
      aria-haspopup="dialog"
      {...intentTo(OfferPanel)}
      onClick={(event) => {
        event.preventDefault();
        setPanel("offer");
      }}
    >
      {m.makeOffer}
    </button>
  ) : null;

  const about = artwork.description.trim() ? (
    <section className="artwork-description" aria-labelledby="artwork-about-heading">
      <h2 id="artwork-about-heading">About the work</h2>
      <p>{artwork.description}</p>
    </section>
  ) : null;

  return (
    <article className="artwork-page">
      <BackButton />
      {hidden ? (
        <p className="message message-error" role="status">
          {m.hiddenByTeam(artwork.hiddenReason ?? "")}
        </p>
      ) : null}
      <div className="artwork-layout">
        <ArtworkCarousel
          images={images}
          alt={`${title} by ${artistName}`}
          size={intrinsicSize(artwork)}
        />
        <div className="artwork-info">
          <div className="artwork-artist-row">
            <Link to={`/artist/${artwork.artist.id}`} className="artwork-artist">
              {artistName}
            </Link>
            <ArtworkFollow artwork={artwork} artistName={artistName} follow={follow} />
          </div>
          <h1 className="artwork-title">
            {title}
            <span className="artwork-year">, {yearText(artwork.createdYear)}</span>
          </h1>
          <ArtworkCollect artwork={artwork} title={title} hidden={hidden} />
          <div className="artwork-purchase" ref={purchaseArea} tabIndex={-1}>
            {price ? <p className="artwork-price">{price}</p> : null}
            {!hidden && (artwork.isForSale || artwork.offersOnly) ? (
              <ReturnPolicyNote text={returnPolicy} />
            ) : null}
            {/* Only its artist ever sees a hidden work: it is not for sale, whatever the switch says. */}
            {hidden ? (
              <p className="sold-badge">{m.hidden}</p>
            ) : isOwner ? (
              isForSale ? null : (
                <p className="sold-badge">{m.offersOnly}</p>
              )
            ) : artwork.isForSale ? (
              <PanelButtons>
                <button
                  ref={buyButton}
                  type="submit"
                  name={OPEN_PARAM}
                  value="buy"
                  className="button button-primary artwork-buy"
                  aria-haspopup="dialog"
                  {...intentTo(BuyPanel)}
                  onClick={(event) => {
                    event.preventDefault();
                    setPanel("buy");
                  }}
                >
                  {m.buyNow}
                </button>
                {makeOffer}
                {ask}
              </PanelButtons>
            ) : makeOffer ? (
              // Offers only (decision 0030): open to offers, not sold.
              <PanelButtons>
                {makeOffer}
                {ask}
              </PanelButtons>
            ) : (
              <>
                <p className="sold-badge">{m.sold}</p>
                {ask ? <PanelButtons>{ask}</PanelButtons> : null}
              </>
            )}
            {ask && replyTime ? <p className="artwork-reply-time">{replyTime}</p> : null}
          </div>
          {soldWithRails ? <SoldRailsNotice rails={soldWithRails} artistName={artistName} /> : null}
          {isOwner && user ? (
            <Suspense
              fallback={<section className="owner-controls" aria-label="Manage your listing" />}
            >
              <OwnerControls
                artwork={artwork}
                userId={user.id}
                isForSale={isForSale}
                onForSaleChange={setIsForSale}
                onEdit={onEditListing}
              />
            </Suspense>
          ) : null}
          <ArtworkFacts
            materials={artwork.materials}
            size={artwork}
            categories={artwork.categories}
          />
          {soldWithRails ? null : about}
          {artwork.exhibitions.length > 0 ? (
            <section className="artwork-on-display" aria-labelledby="artwork-display-heading">
              <h2 id="artwork-display-heading">{m.currentlyOnDisplay}</h2>
              <ExhibitionTiles exhibitions={artwork.exhibitions} />
            </section>
          ) : null}
          <Suspense fallback={null}>
            <ReportListing artwork={artwork} isOwner={isOwner} />
          </Suspense>
        </div>
      </div>
      <ArtworkRails rails={rails} artistName={artistName} />
      {soldWithRails ? about : null}
      {panel === "buy" ? (
        <BuyPanel
          artwork={artwork}
          artistName={artistName}
          onClose={closePanel}
          returnPolicy={returnPolicy}
        />
      ) : null}
      {panel === "offer" ? (
        <OfferPanel artwork={artwork} artistName={artistName} onClose={closePanel} />
      ) : null}
      {panel === "ask" ? (
        <AskPanel artwork={artwork} artistName={artistName} onClose={closePanel} />
      ) : null}
    </article>
  );
}
