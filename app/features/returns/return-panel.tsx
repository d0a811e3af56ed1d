import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { OrderReturnState, ReturnPhoto } from "../../../contracts/returns.contract";
import { formatDate, formatDateTime } from "../../../domain/date-time";
import { MAX_RETURN_PHOTOS, returnPolicyText } from "../../../domain/returns";
import { FormError, FormNotice } from "../../components/ui/form-message";
import { ApiError } from "../../lib/api-client";
import { useTimeZone } from "../../lib/time-zone";
import { type ReturnViewer, addReturnPhoto, returnAction, returnBase } from "./returns-api";

/**
 * An order's return (decision 0055) on the buyer's order page, the artist's sale and
 * the console's order: where it stands, and the one form the viewer may send now. Each
 * form posts to the returns API and shows its answer; the rest of the page is read again.
 */
export function ReturnPanel({
  viewer,
  initial,
}: {
  viewer: ReturnViewer;
  initial: OrderReturnState;
}) {
  const [state, setState] = useState(initial);
  // The page read again (after any move) brings the state as it is now.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setState(initial);
  }
  const [notice, setNotice] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const timeZone = useTimeZone();
  const heading = useId();
  const base = returnBase(viewer, state.orderId);
  const ret = state.return;

  async function act(
    step: Parameters<typeof returnAction>[1],
    body: unknown,
    done: string,
  ): Promise<string | null> {
    try {
      setState(await returnAction(base, step, body));
      setNotice(done);
      void revalidator.revalidate();
      return null;
    } catch (error) {
      return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
    }
  }

  if (!ret && viewer !== "buyer") return null;

  return (
    <section className="order-section return-panel" aria-labelledby={heading}>
      <h2 id={heading}>Return</h2>
      <FormNotice message={notice} />
      {!ret ? (
        <BuyerPolicy state={state} timeZone={timeZone} />
      ) : (
        <dl className="return-facts">
          <Fact term="Asked for">{formatDate(ret.requestedAt, timeZone)}</Fact>
          <Fact term="Reason">{ret.reason}</Fact>
          {ret.photos.length > 0 ? (
            <Fact term="Photos">
              <ul className="return-photos">
                {ret.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.original}>
                      <img
                        src={photo.thumbnail}
                        alt={`Photo ${index + 1} of the return`}
                        width={96}
                        height={96}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </Fact>
          ) : null}
          {ret.decision === "refused" ? <Fact term="Refused">{ret.refusalReason}</Fact> : null}
          {ret.decision === "accepted" && !ret.lapsedAt ? (
            <Fact term={viewer === "buyer" ? "Send it back to" : "Return address"}>
              <span className="return-address">{ret.returnAddress}</span>
            </Fact>
          ) : null}
          {ret.shippedAt ? (
            <Fact term="Sent back">
              {`${formatDate(ret.shippedAt, timeZone)}: ${ret.carrier ?? ""} ${ret.trackingNumber ?? ""}`}
            </Fact>
          ) : null}
          {ret.arrivedAt ? (
            <Fact term="Arrived">
              {formatDate(ret.arrivedAt, timeZone)}
              {ret.arrivalDeemed ? " (deemed: 14 days after it was sent)" : ""}
            </Fact>
          ) : null}
        </dl>
      )}
      <StateLine state={state} viewer={viewer} timeZone={timeZone} />
      {state.mayRequest ? (
        <RequestForm
          onSend={(body) => act("", body, "Your return request was sent to the artist.")}
        />
      ) : null}
      {state.mayAccept ? (
        <AcceptForm
          suggested={state.suggestedReturnAddress ?? ""}
          onSend={(body) =>
            act("/accept", body, "The return is accepted. The buyer has been e-mailed.")
          }
        />
      ) : null}
      {state.mayRefuse ? (
        <RefuseForm
          onSend={(body) => act("/refuse", body, "The return is refused. Both have been e-mailed.")}
        />
      ) : null}
      {state.mayShip ? (
        <ShipForm onSend={(body) => act("/shipment", body, "Thank you. The artist is told.")} />
      ) : null}
      {state.mayConfirmArrival ? (
        <ArrivedForm
          onSend={() =>
            act("/arrived", undefined, "The arrival is recorded and the buyer is refunded.")
          }
        />
      ) : null}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="return-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function BuyerPolicy({ state, timeZone }: { state: OrderReturnState; timeZone: string }) {
  const policy = returnPolicyText({ finalSale: false, windowDays: state.returnWindowDays });
  if (state.returnWindowDays <= 0) return <p>{state.requestRefusal ?? policy}</p>;
  if (state.mayRequest && state.windowEndsAt) {
    return (
      <p>
        {`You may ask to return this work until ${formatDateTime(state.windowEndsAt, timeZone)}. You are refunded its price and tax once it is back with the artist.`}
      </p>
    );
  }
  return <p>{state.windowEndsAt ? state.requestRefusal : policy}</p>;
}

function StateLine({
  state,
  viewer,
  timeZone,
}: {
  state: OrderReturnState;
  viewer: ReturnViewer;
  timeZone: string;
}) {
  const ret = state.return;
  if (!ret) return null;
  let text: string | null = null;
  if (state.status === "return_requested") {
    text =
      viewer === "buyer"
        ? "Waiting for the artist to accept your return."
        : viewer === "artist"
          ? "Please accept the return, giving the address the work should be sent back to."
          : state.mayAccept
            ? "The artist has not answered in 3 days: the team may decide."
            : `The artist has until ${formatDateTime(ret.teamMayDecideFrom, timeZone)} to answer.`;
  } else if (state.status === "return_accepted") {
    const by = ret.shipBy ? formatDateTime(ret.shipBy, timeZone) : "";
    text =
      viewer === "buyer"
        ? `Please pack the work as it came, send it with tracking to the address above, then enter the tracking below, by ${by}; after that the return ends and the sale stands.`
        : `Waiting for the buyer to send the work back (by ${by}, or the return ends).`;
  } else if (ret.lapsedAt) {
    text = `The return ended on ${formatDate(ret.lapsedAt, timeZone)}: the work was not sent back within 14 days. The sale stands.`;
  } else if (state.status === "return_shipped") {
    text = ret.arrivedAt
      ? "The work is back; the refund is being made."
      : `On its way back. If nobody confirms its arrival, it is deemed arrived on ${formatDateTime(ret.deemedArrivalAt ?? ret.shippedAt ?? "", timeZone)}.`;
  } else if (state.status === "refunded" && ret.arrivedAt) {
    text =
      viewer === "buyer"
        ? "The work is back with the artist and you have been refunded its price and tax."
        : "The work is back and the buyer has been refunded.";
  }
  return text ? <p className="return-state">{text}</p> : null;
}

/** A form whose submit sends `send()` and shows its refusal. */
function useSend() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    run: async (event: FormEvent, send: () => Promise<string | null>) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      setError(await send());
      setBusy(false);
    },
  };
}

function RequestForm({
  onSend,
}: {
  onSend: (body: { reason: string; photoIds: string[] }) => Promise<string | null>;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<ReturnPhoto[]>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { busy, error, run } = useSend();

  async function choose(files: FileList | null) {
    if (!files) return;
    setUploadError(null);
    setUploading(true);
    for (const file of [...files].slice(0, MAX_RETURN_PHOTOS - photos.length)) {
      try {
        const photo = await addReturnPhoto(file);
        setPhotos((current) => [...current, photo]);
      } catch (e) {
        setUploadError(e instanceof ApiError ? e.message : "The photo could not be added.");
      }
    }
    setUploading(false);
  }

  return (
    <form
      className="stack return-form"
      onSubmit={(event) =>
        void run(event, () => onSend({ reason, photoIds: photos.map((p) => p.id) }))
      }
    >
      <h3>Ask for a return</h3>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Why are you returning it?</label>
        <textarea
          id={`${id}-reason`}
          rows={4}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-photos`}>{`Photos (up to ${MAX_RETURN_PHOTOS})`}</label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/*"
          multiple
          disabled={uploading || photos.length >= MAX_RETURN_PHOTOS}
          aria-describedby={`${id}-photos-hint`}
          onChange={(event) => {
            void choose(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
        <p id={`${id}-photos-hint`} className="hint" aria-live="polite">
          {uploading
            ? "Adding the photo…"
            : photos.length > 0
              ? `${photos.length} ${photos.length === 1 ? "photo" : "photos"} added.`
              : "Show the work as it arrived, if something is wrong with it."}
        </p>
        <FormError message={uploadError} />
        {photos.length > 0 ? (
          <ul className="return-photos">
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <img src={photo.thumbnail} alt={`Photo ${index + 1}`} width={96} height={96} />
                <button
                  type="button"
                  className="button button-quiet"
                  onClick={() => setPhotos((current) => current.filter((p) => p.id !== photo.id))}
                >
                  {`Remove photo ${index + 1}`}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy || uploading}>
        {busy ? "Sending…" : "Ask for a return"}
      </button>
    </form>
  );
}

function AcceptForm({
  suggested,
  onSend,
}: {
  suggested: string;
  onSend: (body: { returnAddress: string }) => Promise<string | null>;
}) {
  const id = useId();
  const [address, setAddress] = useState(suggested);
  const { busy, error, run } = useSend();
  return (
    <form
      className="stack return-form"
      onSubmit={(event) => void run(event, () => onSend({ returnAddress: address }))}
    >
      <div className="field">
        <label htmlFor={`${id}-address`}>Address the work should be sent back to</label>
        <textarea
          id={`${id}-address`}
          rows={3}
          maxLength={500}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
        />
      </div>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Accepting…" : "Accept the return"}
      </button>
    </form>
  );
}

function RefuseForm({ onSend }: { onSend: (body: { reason: string }) => Promise<string | null> }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const { busy, error, run } = useSend();
  return (
    <form
      className="stack return-form"
      onSubmit={(event) => void run(event, () => onSend({ reason }))}
    >
      <div className="field">
        <label htmlFor={`${id}-refusal`}>Reason for refusing</label>
        <textarea
          id={`${id}-refusal`}
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <FormError message={error} />
      <button type="submit" className="button button-danger" disabled={busy}>
        {busy ? "Refusing…" : "Refuse the return"}
      </button>
    </form>
  );
}

function ShipForm({
  onSend,
}: {
  onSend: (body: { carrier: string; trackingNumber: string }) => Promise<string | null>;
}) {
  const id = useId();
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const { busy, error, run } = useSend();
  return (
    <form
      className="stack return-form"
      onSubmit={(event) => void run(event, () => onSend({ carrier, trackingNumber }))}
    >
      <h3>Sent it back?</h3>
      <div className="field">
        <label htmlFor={`${id}-carrier`}>Carrier</label>
        <input
          id={`${id}-carrier`}
          type="text"
          maxLength={200}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-tracking`}>Tracking number</label>
        <input
          id={`${id}-tracking`}
          type="text"
          maxLength={200}
          autoComplete="off"
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </div>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Saving…" : "Save the return tracking"}
      </button>
    </form>
  );
}

function ArrivedForm({ onSend }: { onSend: () => Promise<string | null> }) {
  const { busy, error, run } = useSend();
  return (
    <form className="stack return-form" onSubmit={(event) => void run(event, onSend)}>
      <p>
        Once the work is back with you, confirm it here: the buyer is refunded its price and tax.
      </p>
      <FormError message={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Confirming…" : "The work has arrived"}
      </button>
    </form>
  );
}
