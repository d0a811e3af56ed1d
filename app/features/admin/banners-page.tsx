import type { AdminBanner } from "../../../contracts/admin-curation.contract";
import { ActionForm } from "./action-form";
import { ImageUploadField } from "./image-upload-field";
import { formatDate } from "../../../domain/date-time";
import { useTimeZone } from "../../lib/time-zone";

/** The console's banners: add one (image and alt text), and choose the one the home page shows. */
export function BannersPage({ banners }: { banners: AdminBanner[] }) {
  const timeZone = useTimeZone();
  return (
    <section className="stack">
      <h1>Banners</h1>
      <p className="hint">
        The home page shows one banner at a time. Add a banner, then activate it to replace the one
        shown now.
      </p>
      <section className="admin-card stack" aria-labelledby="banner-new">
        <h2 id="banner-new">Add a banner</h2>
        <ActionForm intent="create" label="Add banner" busyLabel="Adding…">
          <div className="stack admin-grow">
            <ImageUploadField
              label="Banner image"
              hint="JPEG, PNG, WebP or HEIC up to 30 MB; wide images (4 : 1) fit best."
            />
            <div className="field">
              <label htmlFor="banner-alt">Alt text (what the banner says)</label>
              <input id="banner-alt" name="altText" required maxLength={500} />
            </div>
          </div>
        </ActionForm>
      </section>
      <h2>All banners</h2>
      {banners.length === 0 ? (
        <p className="admin-empty">No banners yet. Add one above.</p>
      ) : (
        <ul className="admin-banner-list">
          {banners.map((banner) => (
            <li key={banner.id} className="admin-card stack">
              <div className="admin-banner-preview is-home">
                <img src={banner.imageUrl} alt={banner.altText} />
              </div>
              <p>
                <span className="admin-badge">
                  {banner.isActive ? "On the home page" : "Inactive"}
                </span>{" "}
                <span className="hint">Added {formatDate(banner.createdAt, timeZone)}</span>
              </p>
              <p>
                <strong>Alt text:</strong> {banner.altText || "—"}
              </p>
              <div className="admin-actions">
                {banner.isActive ? (
                  <ActionForm
                    intent="deactivate"
                    label="Deactivate"
                    busyLabel="Deactivating…"
                    tone="danger"
                    hidden={{ bannerId: banner.id }}
                    confirm={{
                      title: "Deactivate this banner?",
                      body: "The home page will show no banner until you activate another.",
                      confirmLabel: "Deactivate",
                    }}
                  />
                ) : (
                  <>
                    <ActionForm
                      intent="activate"
                      label="Activate"
                      busyLabel="Activating…"
                      hidden={{ bannerId: banner.id }}
                      confirm={{
                        title: "Activate this banner?",
                        body: "This replaces the banner on the home page.",
                        confirmLabel: "Activate",
                      }}
                    />
                    <ActionForm
                      intent="delete"
                      label="Delete"
                      busyLabel="Deleting…"
                      tone="danger"
                      hidden={{ bannerId: banner.id }}
                      confirm={{
                        title: "Delete this banner?",
                        body: "The banner and its image are removed. This cannot be undone.",
                        confirmLabel: "Delete",
                      }}
                    />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
