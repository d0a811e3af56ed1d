import { useFetcher } from "react-router";
import type { AdminCatalog } from "../../../contracts/admin-curation.contract";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { ActionForm, type AdminActionResult } from "./action-form";
import { AdminTable } from "./admin-table";

type Entry = { id: string; name: string; shown: string; used: number };

/** A name, and a form to rename it in place. */
function RenameForm({ kind, entry }: { kind: "city" | "category"; entry: Entry }) {
  const fetcher = useFetcher<AdminActionResult>();
  const inputId = `${kind}-${entry.id}-name`;
  return (
    <fetcher.Form method="post" className="admin-inline">
      <input type="hidden" name="intent" value={`${kind}-rename`} />
      <input type="hidden" name="id" value={entry.id} />
      <label htmlFor={inputId} className="visually-hidden">
        Name of {entry.shown}
      </label>
      <input
        id={inputId}
        name="name"
        defaultValue={entry.shown}
        required
        maxLength={kind === "city" ? 100 : 60}
      />
      <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
        Rename<span className="visually-hidden"> {entry.shown}</span>
      </button>
      {fetcher.data?.ok ? <FormNotice message={fetcher.data.message} /> : null}
      {fetcher.data && !fetcher.data.ok ? <FormError message={fetcher.data.error} /> : null}
    </fetcher.Form>
  );
}

function CatalogSection({
  kind,
  title,
  entries,
  addLabel,
  addHint,
  usedBy,
}: {
  kind: "city" | "category";
  title: string;
  entries: Entry[];
  addLabel: string;
  addHint: string;
  usedBy: (n: number) => string;
}) {
  return (
    <section className="stack" aria-labelledby={`${kind}-heading`}>
      <h2 id={`${kind}-heading`}>{title}</h2>
      <ActionForm intent={`${kind}-create`} label={addLabel} busyLabel="Adding…" resetOnSuccess>
        <div className="field admin-grow">
          <label htmlFor={`${kind}-new`}>New {kind === "city" ? "city" : "category"}</label>
          <input
            id={`${kind}-new`}
            name="name"
            required
            maxLength={kind === "city" ? 100 : 60}
            aria-describedby={`${kind}-new-hint`}
          />
          <p id={`${kind}-new-hint`} className="hint">
            {addHint}
          </p>
        </div>
      </ActionForm>
      <AdminTable<Entry>
        caption={title}
        rows={entries}
        rowKey={(e) => e.id}
        empty={
          kind === "city" ? "No cities yet. Add one above." : "No categories yet. Add one above."
        }
        columns={[
          { label: "Name", cell: (e) => <RenameForm kind={kind} entry={e} /> },
          { label: "In use", numeric: true, cell: (e) => usedBy(e.used) },
          {
            label: "Delete",
            cell: (e) =>
              e.used > 0 ? (
                <span className="admin-inline">
                  <button
                    type="button"
                    className="button"
                    disabled
                    aria-describedby={`${kind}-${e.id}-why`}
                  >
                    Delete<span className="visually-hidden"> {e.shown}</span>
                  </button>
                  <span id={`${kind}-${e.id}-why`} className="hint">
                    In use, so it cannot be deleted.
                  </span>
                </span>
              ) : (
                <ActionForm
                  intent={`${kind}-delete`}
                  label="Delete"
                  busyLabel="Deleting…"
                  tone="danger"
                  hidden={{ id: e.id }}
                  confirm={{
                    title: `Delete “${e.shown}”?`,
                    body: "It is no longer offered in the marketplace's filters or the upload form.",
                    confirmLabel: "Delete",
                  }}
                />
              ),
          },
        ]}
      />
    </section>
  );
}

/** The console's cities and categories: add, rename, delete the unused ones. */
export function CatalogPage({ catalog }: { catalog: AdminCatalog }) {
  return (
    <section className="stack">
      <h1>Cities and categories</h1>
      <p className="hint">
        What the marketplace's filters and the upload form offer. One in use cannot be deleted.
      </p>
      <div className="admin-split">
        <CatalogSection
          kind="city"
          title="Cities"
          addLabel="Add city"
          addHint="As it should be shown, e.g. “Santa Fe”."
          usedBy={(n) => (n === 1 ? "1 person" : `${n} people`)}
          entries={catalog.cities.map((c) => ({
            id: c.id,
            name: c.name,
            shown: c.name,
            used: c.userCount,
          }))}
        />
        <CatalogSection
          kind="category"
          title="Categories"
          addLabel="Add category"
          addHint="As people read it, e.g. “Mixed Media” (stored as mixed_media)."
          usedBy={(n) => (n === 1 ? "1 artwork" : `${n} artworks`)}
          entries={catalog.categories.map((c) => ({
            id: c.id,
            name: c.name,
            shown: c.label,
            used: c.artworkCount,
          }))}
        />
      </div>
    </section>
  );
}
