import { Form, Link, useSearchParams } from "react-router";
import {
  type AdminArtwork,
  type AdminArtworksPage,
  MAX_RANDOM_ORDER,
} from "../../../contracts/admin-artworks.contract";
import { MAX_ADMIN_TEXT } from "../../../contracts/admin.contract";
import { priceText, titleText } from "../../../domain/display";
import { ActionForm } from "./action-form";
import { AdminTable } from "./admin-table";

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  available: "Available",
  "not for sale": "Not for sale",
};

function YesNoFilter({
  id,
  name,
  label,
  yes,
  no,
}: {
  id: string;
  name: string;
  label: string;
  yes: string;
  no: string;
}) {
  const [params] = useSearchParams();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={params.get(name) ?? ""}>
        <option value="">Any</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
    </div>
  );
}

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

/** The console's Artworks area: every work with filters in the URL; hide, unhide, feature and order. */
export function ArtworksTable({ page }: { page: AdminArtworksPage }) {
  const [params] = useSearchParams();
  const more = new URLSearchParams(params);
  if (page.next) more.set("cursor", page.next);
  const artistId = params.get("artistId");
  const filtered = ["q", "artistId", "status", "forSale", "hidden", "curated"].some((k) =>
    params.get(k),
  );
  return (
    <section className="stack">
      <h1>Artworks</h1>
      <p className="hint">
        Every work, drafts and hidden ones included. Featured works come first on the home page, in
        order from the lowest number.
      </p>
      <Form method="get" className="admin-toolbar" role="search" aria-label="Find artworks">
        {artistId ? <input type="hidden" name="artistId" value={artistId} /> : null}
        <div className="field">
          <label htmlFor="artworks-q">Title or artist</label>
          <input
            id="artworks-q"
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            maxLength={200}
          />
        </div>
        <div className="field">
          <label htmlFor="artworks-status">Status</label>
          <select id="artworks-status" name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">Any</option>
            <option value="available">Available</option>
            <option value="not for sale">Not for sale</option>
            <option value="draft">Draft</option>
          </select>
        </div>
        <YesNoFilter
          id="artworks-for-sale"
          name="forSale"
          label="For sale"
          yes="For sale"
          no="Not for sale"
        />
        <YesNoFilter
          id="artworks-hidden"
          name="hidden"
          label="Hidden"
          yes="Hidden"
          no="Not hidden"
        />
        <YesNoFilter
          id="artworks-curated"
          name="curated"
          label="Featured"
          yes="Featured"
          no="Not featured"
        />
        <button type="submit" className="button">
          Search
        </button>
        {filtered ? (
          <Link to="/admin/artworks" className="button-link">
            Clear
          </Link>
        ) : null}
      </Form>
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
                </div>
                {a.hiddenReason ? (
                  <span className="hint">Hidden because: {a.hiddenReason}</span>
                ) : null}
              </div>
            ),
          },
          { label: "Featured and order", cell: (a) => <Curation artwork={a} /> },
          { label: "Visibility", cell: (a) => <Visibility artwork={a} /> },
        ]}
      />
      {page.next ? (
        <p>
          <Link to={`?${more.toString()}`} className="button">
            More artworks
          </Link>
        </p>
      ) : null}
    </section>
  );
}
