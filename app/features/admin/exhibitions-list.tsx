import { Form, Link, useActionData, useNavigation } from "react-router";
import type { AdminExhibition } from "../../../contracts/admin-curation.contract";
import { FormError } from "../../components/ui/form-message";
import { AdminTable } from "./admin-table";
import { ImageUploadField } from "./image-upload-field";

/** The console's exhibitions: all of them, active first, and a form to start a new one. */
export function ExhibitionsList({ exhibitions }: { exhibitions: AdminExhibition[] }) {
  const failed = useActionData<{ ok: false; error: string }>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="stack">
      <h1>Exhibitions</h1>
      <p className="hint">
        Only active exhibitions are public. A new exhibition starts inactive: add its works, then
        activate it.
      </p>
      <AdminTable<AdminExhibition>
        caption="Exhibitions, active first"
        rows={exhibitions}
        rowKey={(e) => e.id}
        empty="No exhibitions yet. Create one below."
        columns={[
          {
            label: "Banner",
            cell: (e) =>
              e.bannerUrl ? <img className="admin-thumb" src={e.bannerUrl} alt="" /> : "—",
          },
          {
            label: "Name",
            cell: (e) => <Link to={`/admin/exhibitions/${e.id}`}>{e.name}</Link>,
          },
          {
            label: "Status",
            cell: (e) => <span className="admin-badge">{e.isActive ? "Active" : "Inactive"}</span>,
          },
          {
            // The days as typed (ISO), the same on the server and in the browser.
            label: "Dates",
            cell: (e) =>
              e.startsOn || e.endsOn ? `${e.startsOn ?? "…"} – ${e.endsOn ?? "…"}` : "—",
          },
          { label: "Works", numeric: true, cell: (e) => e.artworkCount },
          { label: "Address", cell: (e) => e.address || "—" },
        ]}
      />
      <section className="admin-card stack" aria-labelledby="exhibition-new">
        <h2 id="exhibition-new">New exhibition</h2>
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor="new-name">Name</label>
            <input id="new-name" name="name" required maxLength={200} />
          </div>
          <div className="field">
            <label htmlFor="new-address">Address</label>
            <input id="new-address" name="address" maxLength={500} />
          </div>
          <div className="field">
            <label htmlFor="new-description">Description</label>
            <textarea id="new-description" name="description" rows={4} maxLength={5000} />
          </div>
          <ImageUploadField
            label="Banner image (optional)"
            hint="JPEG, PNG, WebP or HEIC up to 30 MB; shown at 8 : 3 on the Exhibitions page."
          />
          <FormError message={failed?.error} />
          <div>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? "Creating…" : "Create exhibition"}
            </button>
          </div>
        </Form>
      </section>
    </section>
  );
}
