import { Link, useSearchParams } from "react-router";
import type { AdminArtwork, AdminArtworksPage } from "../../../contracts/admin-artworks.contract";
import { MAX_RANDOM_ORDER } from "../../../contracts/admin.values";
import { ADMIN_ARTWORKS_PAGE_SIZE, MAX_ADMIN_TEXT } from "../../../contracts/admin.values";
import { priceText, titleText } from "../../../domain/display";
import { ActionForm } from "./action-form";
import { AdminFilters, type ListFilters, filtersInUse, yesNo } from "./admin-filters";
import { AdminTable } from "./admin-table";

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  available: "Available",
  "not for sale": "Not for sale",
};

const ARTWORK_FILTERS: ListFilters = {
  idPrefix: "artworks",
  searchLabel: "Title or artist",
  // From People's "Works" link: the list stays on that artist through every search.
  kept: ["artistId"],
  selects: [
    {
      name: "status",
      label: "Status",
      anyLabel: "Any",
      options: [
        { value: "available", label: "Available" },
        { value: "not for sale", label: "Not for sale" },
        { value: "draft", label: "Draft" },
      ],
    },
    {
      name: "forSale",
      label: "For sale",
      anyLabel: "Any",
      options: yesNo("For sale", "Not for sale"),
    },
    { name: "hidden", label: "Hidden", anyLabel: "Any", options: yesNo("Hidden", "Not hidden") },
    {
      name: "curated",
      label: "Featured",
      anyLabel: "Any",
      options: yesNo("Featured", "Not featured"),
    },
  ],
};

function Curation({ artwork }: { artwork: AdminArtwork }) {
  return (
    <ActionForm intent="curation" label="Save" busyLabel="Saving…" hidden={{ id: artwork.id }}>
      <div className="admin-check">
        <input
          id={`curated-${artwork.id}`}
          type="checkbox"
          name="isCurated"
          value="true"
          defaultChecked={artwork.isCurated}
        />
        <label htmlFor={`curated-${artwork.id}`}>Featured</label>
      </div>
      <div className="field">
        <label htmlFor={`order-${artwork.id}`}>Order</label>
        <input
          id={`order-${artwork.id}`}
          className="admin-order-input"
          type="number"
          name="randomOrder"
          min={0}
          max={MAX_RANDOM_ORDER}
          step={1}
          required
          defaultValue={artwork.randomOrder}
        />
      </div>
    </ActionForm>
  );
}

function Visibility({ artwork }: { artwork: AdminArtwork }) {
  const title = titleText(artwork.title);
  if (artwork.hiddenAt) {
    return (
      <ActionForm
        intent="unhide"
        label="Unhide"
        busyLabel="Unhiding…"
        hidden={{ id: artwork.id }}
      />
    );
  }
  return (
    <ActionForm
      intent="hide"
      label="Hide"
      busyLabel="Hiding…"
      tone="danger"
      hidden={{ id: artwork.id }}
      confirm={{
        title: `Hide "${title}"?`,
        body: "It leaves search, the artist page and exhibitions, and cannot be bought. The artist is e-mailed the reason and still sees the work with it.",
        confirmLabel: "Hide",
      }}
    >
      <div className="field">
        <label htmlFor={`hide-reason-${artwork.id}`}>Reason for hiding (sent to the artist)</label>
        <input id={`hide-reason-${artwork.id}`} name="reason" required maxLength={MAX_ADMIN_TEXT} />
      </div>
    </ActionForm>
  );
}

/**
 * A work's forms (featured and order, hide or unhide), folded into one disclosure per
 * row: open, they would make every row a form, and a page of 25 many screens tall.
 */
function Manage({ artwork }: { artwork: AdminArtwork }) {
  return (
    <details className="admin-manage">
      <summary className="button">
        Manage<span className="visually-hidden"> {titleText(artwork.title)}</span>
      </summary>
      <div className="stack admin-manage-forms">
        <Curation artwork={artwork} />
        <Visibility artwork={artwork} />
      </div>
    </details>
  );
}

/** The console's Artworks area: every work with filters in the URL; hide, unhide, feature and order. */
export function ArtworksTable({ page }: { page: AdminArtworksPage }) {
  const [params] = useSearchParams();
  const more = new URLSearchParams(params);
  if (page.next) more.set("cursor", page.next);
  const artistId = params.get("artistId");
  const filtered = filtersInUse(params, ARTWORK_FILTERS);
  return (
    <section className="stack">
      <h1>Artworks</h1>
      <p className="hint">
        Every work, drafts and hidden ones included. Featured works come first on the home page, in
        order from the lowest number.
      </p>
      <AdminFilters filters={ARTWORK_FILTERS} label="Find artworks" clearTo="/admin/artworks" />
      {artistId ? (
        <p className="hint">
          Showing one artist&apos;s works. <Link to="/admin/artworks">Show every artist</Link>
        </p>
      ) : null}
      <AdminTable<AdminArtwork>
        caption="Artworks, newest first"
        rows={page.artworks}
        rowKey={(a) => a.id}
        empty={filtered ? "No artwork matches this search." : "No artworks yet."}
        columns={[
          {
            label: "Image",
            cell: (a) =>
              a.imageThumbnail ? (
                <img
                  className="admin-thumb"
                  src={a.imageThumbnail}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                />
              ) : (
                <span className="hint">No image</span>
              ),
          },
          {
            label: "Artwork",
            cell: (a) => (
              <div className="admin-person">
                {a.status === "draft" ? (
                  <strong>{titleText(a.title)}</strong>
                ) : (
                  <Link to={`/artwork/${a.id}`}>{titleText(a.title)}</Link>
                )}
                <span>
                  by{" "}
                  <Link to={`/admin/people?q=${encodeURIComponent(a.artistName)}`}>
                    {a.artistName || "(no name)"}
                  </Link>
                </span>
                {a.artistSuspended ? (
                  <span className="admin-badge admin-badge-alert">Artist suspended</span>
                ) : null}
              </div>
            ),
          },
          {
            label: "Price",
            numeric: true,
            cell: (a) => (a.price === null ? "—" : priceText(a.price)),
          },
          {
            label: "Status",
            cell: (a) => (
              <div className="admin-status">
                <div className="admin-badges">
                  <span className="admin-badge">{STATUS_LABELS[a.status] ?? a.status}</span>
                  <span className="admin-badge">
                    {a.listed ? "In the marketplace" : "Not listed"}
                  </span>
                  {a.hiddenAt ? (
                    <span className="admin-badge admin-badge-alert">Hidden</span>
                  ) : null}
                  {a.isCurated ? (
                    <span className="admin-badge">Featured, order {a.randomOrder}</span>
                  ) : null}
                </div>
                {a.hiddenReason ? (
                  <span className="hint">Hidden because: {a.hiddenReason}</span>
                ) : null}
              </div>
            ),
          },
          { label: "Manage", cell: (a) => <Manage artwork={a} /> },
        ]}
      />
      {page.next ? (
        <p>
          <Link to={`?${more.toString()}`} className="button">
            Next {ADMIN_ARTWORKS_PAGE_SIZE} artworks
          </Link>
        </p>
      ) : null}
    </section>
  );
}
