import { useState } from "react";
import { useNavigate } from "react-router";
import type { ArtworkDetail } from "../../../contracts/artworks.contract";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import type { NavigationNoticeState } from "../../components/ui/navigation-notice";
import { request } from "../../lib/api-client";
import { listingMessages as l } from "../../../domain/listing";
import { artworkMessages as m } from "./artworks.messages";
import { toggleFailure } from "./toggle-failure";

/** What SPEC §2 passes to /upload in edit mode as navigation state. */
export type EditListingState = {
  artwork: ArtworkDetail;
  artistName: string;
  birthYear: number | null;
  userId: string;
};

/**
 * SPEC §2 owner controls, shown instead of Buy Now to the owner-artist: Edit Listing,
 * Delete Listing behind a confirmation (then the marketplace, with the SPEC's notice), and
 * the For Sale switch, which changes at once and goes back (with the SPEC's alert) when
 * the server refuses.
 */
export function OwnerControls({
  artwork,
  userId,
  isForSale,
  onForSaleChange,
  onEdit,
}: {
  artwork: ArtworkDetail;
  userId: string;
  isForSale: boolean;
  onForSaleChange: (isForSale: boolean) => void;
  /**
   * Called before Edit Listing opens the editor (the route forgets an older draft of it);
   * the editor opens once it has finished.
   */
  onEdit: (artworkId: string) => void | Promise<void>;
}) {
  const navigate = useNavigate();
  const [toggling, setToggling] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = `/api/artworks/${encodeURIComponent(artwork.id)}`;
  // The answers' schemas (and zod) load with the first change, not with the page (decision 0034).
  const schemas = () => import("../../../contracts/artworks.contract");

  async function toggle() {
    // One change at a time, so the switch never shows an answer to an older request.
    if (toggling) return;
    const next = !isForSale;
    setError(null);
    onForSaleChange(next);
    setToggling(true);
    try {
      // keepalive, and sent at once (its schema follows): the change reaches the server
      // even when the artist leaves the page at once.
      await request(address, {
        method: "PATCH",
        body: { isForSale: next },
        keepalive: true,
        schema: () => schemas().then((contract) => contract.artworkDetailSchema),
      });
    } catch (failure) {
      onForSaleChange(!next);
      setError(toggleFailure(failure));
    } finally {
      setToggling(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await request(address, {
        method: "DELETE",
        schema: () => schemas().then((contract) => contract.listingDeletedSchema),
      });
      // The confirmation was the one question; the marketplace says it is done, without
      // a second dialog to dismiss.
      setConfirming(false);
      const state: NavigationNoticeState = { notice: l.deleted };
      void navigate("/", { replace: true, state });
    } catch {
      setConfirming(false);
      setError(l.deleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  async function edit() {
    // Edit Listing starts from the artwork as stored, not from an older unsaved draft.
    try {
      await onEdit(artwork.id);
    } catch (error) {
      // The draft store never loaded in this tab, so it holds no draft to forget.
      console.warn("The listing draft could not be reset", error);
    }
    const state: EditListingState = {
      artwork,
      artistName: artwork.artist.displayName,
      birthYear: artwork.artist.birthYear,
      userId,
    };
    void navigate(`/upload?edit=${encodeURIComponent(artwork.id)}`, { state });
  }

  return (
    <section className="owner-controls" aria-label="Manage your listing">
      <button
        type="button"
        role="switch"
        aria-checked={isForSale}
        aria-busy={toggling}
        className="owner-switch"
        onClick={() => void toggle()}
      >
        <span className="owner-switch-track" aria-hidden="true">
          <span className="owner-switch-thumb" />
        </span>
        <span className="owner-switch-label">{m.forSale}</span>
      </button>
      <div className="owner-buttons">
        <button type="button" className="button button-primary" onClick={() => void edit()}>
          {m.editListing}
        </button>
        <button
          type="button"
          className="button owner-delete"
          aria-haspopup="dialog"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {m.deleteListing}
        </button>
      </div>
      {error ? (
        <p className="message message-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={m.deleteListing}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          tone="danger"
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          {l.deleteConfirm}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
