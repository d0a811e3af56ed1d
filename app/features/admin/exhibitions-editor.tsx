import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import type {
  AdminExhibitionDetail,
  PickerArtwork,
} from "../../../contracts/admin-curation.contract";
import { MAX_EXHIBITION_ARTWORKS } from "../../../contracts/admin.values";
import { ActionForm } from "./action-form";
import { ImageUploadField } from "./image-upload-field";

function WorkLine({ work }: { work: PickerArtwork }) {
  return (
    <>
      {work.thumbnail ? <img className="admin-thumb" src={work.thumbnail} alt="" /> : null}
      <span className="admin-work-text">
        <strong>{work.title || "Untitled"}</strong>
        <br />
        <span className="hint">
          {work.artistName}
          {work.year ? `, ${work.year}` : ""}
          {work.hidden ? " · hidden by the team" : ""}
          {work.status === "draft" ? " · draft" : ""}
        </span>
      </span>
    </>
  );
}

/** The search picker: type, search, and "Add" a result to the chosen list. */
function Picker({
  exhibitionId,
  chosen,
  onAdd,
}: {
  exhibitionId: string;
  chosen: Set<string>;
  onAdd: (work: PickerArtwork) => void;
}) {
  const fetcher = useFetcher<{ picker: PickerArtwork[] | null }>();
  const id = useId();
  const results = fetcher.data?.picker ?? null;
  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Find works</h3>
      <fetcher.Form
        method="get"
        action={`/admin/exhibitions/${exhibitionId}`}
        className="admin-inline"
        role="search"
        aria-label="Find works to add"
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Title or artist
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          placeholder="Title or artist"
          maxLength={200}
        />
        <button type="submit" className="button">
          {fetcher.state === "loading" ? "Searching…" : "Search"}
        </button>
      </fetcher.Form>
      {results === null ? null : results.length === 0 ? (
        <p className="admin-empty">
          No listed works match. Drafts and hidden works are not offered.
        </p>
      ) : (
        <ul className="admin-work-list" aria-label="Search results">
          {results.map((work) => (
            <li key={work.id} className="admin-work">
              <WorkLine work={work} />
              <button
                type="button"
                className="button"
                disabled={chosen.has(work.id) || chosen.size >= MAX_EXHIBITION_ARTWORKS}
                onClick={() => onAdd(work)}
              >
                {chosen.has(work.id) ? "Added" : "Add"}
                <span className="visually-hidden"> {work.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One exhibition: its details, banner, state, and its works in order. */
export function ExhibitionEditor({ exhibition }: { exhibition: AdminExhibitionDetail }) {
  const [works, setWorks] = useState<PickerArtwork[]>(exhibition.artworks);
  const chosen = new Set(works.map((w) => w.id));
  const saved = works.map((w) => w.id).join(",") === exhibition.artworks.map((w) => w.id).join(",");

  function move(index: number, by: number) {
    setWorks((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  }

  return (
    <section className="stack">
      <p>
        <Link to="/admin/exhibitions">← All exhibitions</Link>
      </p>
      <h1>{exhibition.name}</h1>
      <p>
        <span className="admin-badge">{exhibition.isActive ? "Active (public)" : "Inactive"}</span>{" "}
        {exhibition.isActive ? (
          <Link to={`/exhibition/${exhibition.id}`}>View the public page</Link>
        ) : null}
      </p>
      <div className="admin-actions">
        {exhibition.isActive ? (
          <ActionForm
            intent="deactivate"
            label="Deactivate"
            busyLabel="Deactivating…"
            tone="danger"
            confirm={{
              title: "Deactivate this exhibition?",
              body: "It leaves the Exhibitions page and its own page answers “not found”.",
              confirmLabel: "Deactivate",
            }}
          />
        ) : (
          <ActionForm intent="activate" label="Activate" busyLabel="Activating…" />
        )}
      </div>

      <section className="admin-card stack" aria-labelledby="details-h">
        <h2 id="details-h">Details</h2>
        <ActionForm intent="save" label="Save details" busyLabel="Saving…">
          <div className="stack admin-grow">
            <div className="field">
              <label htmlFor="ex-name">Name</label>
              <input
                id="ex-name"
                name="name"
                required
                maxLength={200}
                defaultValue={exhibition.name}
              />
            </div>
            <div className="field">
              <label htmlFor="ex-address">Address</label>
              <input
                id="ex-address"
                name="address"
                maxLength={500}
                defaultValue={exhibition.address}
              />
            </div>
            <div className="admin-dates">
              <div className="field">
                <label htmlFor="ex-starts">Start date</label>
                <input
                  id="ex-starts"
                  name="startsOn"
                  type="date"
                  defaultValue={exhibition.startsOn ?? ""}
                />
              </div>
              <div className="field">
                <label htmlFor="ex-ends">End date</label>
                <input
                  id="ex-ends"
                  name="endsOn"
                  type="date"
                  aria-describedby="ex-dates-hint"
                  defaultValue={exhibition.endsOn ?? ""}
                />
              </div>
            </div>
            <p id="ex-dates-hint" className="hint">
              The end date is on or after the start date. Leave both empty for an exhibition without
              dates; the Active switch alone decides whether it is public.
            </p>
            <div className="field">
              <label htmlFor="ex-hours">Opening hours</label>
              <input
                id="ex-hours"
                name="openingHours"
                maxLength={200}
                placeholder="Tue–Sat 11:00–18:00"
                defaultValue={exhibition.openingHours}
              />
            </div>
            <div className="field">
              <label htmlFor="ex-description">Description</label>
              <textarea
                id="ex-description"
                name="description"
                rows={5}
                maxLength={5000}
                defaultValue={exhibition.description}
              />
            </div>
            <ImageUploadField
              label="Banner image"
              hint="Choose a new image to replace the banner (JPEG, PNG, WebP or HEIC up to 30 MB)."
              current={exhibition.bannerUrl}
            />
            {exhibition.bannerUrl ? (
              <label className="choice">
                <input type="checkbox" name="removeBanner" value="yes" /> Remove the banner
              </label>
            ) : null}
          </div>
        </ActionForm>
      </section>

      <section className="admin-card stack" aria-labelledby="works-h">
        <h2 id="works-h">Works ({works.length})</h2>
        <div className="admin-split">
          <section className="stack" aria-labelledby="chosen-h">
            <h3 id="chosen-h">In this exhibition, in order</h3>
            {works.length === 0 ? (
              <p className="admin-empty">No works yet. Find works and add them.</p>
            ) : (
              <ol className="admin-work-list" aria-label="Chosen works">
                {works.map((work, index) => (
                  <li key={work.id} className="admin-work">
                    <span aria-hidden="true">{index + 1}.</span>
                    <WorkLine work={work} />
                    <span className="admin-inline">
                      <button
                        type="button"
                        className="button"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        Move up<span className="visually-hidden"> {work.title}</span>
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={index === works.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        Move down<span className="visually-hidden"> {work.title}</span>
                      </button>
                      <button
                        type="button"
                        className="button"
                        onClick={() => setWorks((list) => list.filter((w) => w.id !== work.id))}
                      >
                        Remove<span className="visually-hidden"> {work.title}</span>
                      </button>
                    </span>
                  </li>
                ))}
              </ol>
            )}
            <ActionForm
              intent="artworks"
              label="Save order"
              busyLabel="Saving…"
              hidden={{ artworkIds: works.map((w) => w.id).join(",") }}
            />
            {saved ? null : (
              <p className="hint">Unsaved changes: press “Save order” to keep them.</p>
            )}
          </section>
          <Picker
            exhibitionId={exhibition.id}
            chosen={chosen}
            onAdd={(work) => setWorks((list) => [...list, work])}
          />
        </div>
      </section>
    </section>
  );
}
