import { useRef, useState } from "react";
import { lazyPanel } from "../../components/ui/lazy-panel";
import { OPEN_PARAM, usePanelAskedForEarly } from "../../lib/panel-asked-early";
import { useSessionUser } from "../../lib/session-user";
import { conversationMessages as m } from "./conversations.messages";

/** The dialog's code is downloaded when the button is about to be pressed (decision 0034). */
const ArtistAskDialog = lazyPanel(
  () => import("./ask-dialog").then((module) => module.ArtistAskDialog),
  m.messageTitle,
);

/**
 * "Message the artist" on an artist's page: a conversation about the artist rather than
 * one work. Not on one's own page. A submit button of a GET form, as Buy Now is: pressed
 * before the scripts run, the page comes back with `?open=ask` and opens the dialog.
 */
export function MessageArtistButton({
  artistId,
  artistName,
}: {
  artistId: string;
  artistName: string;
}) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const shown = user?.id !== artistId;
  usePanelAskedForEarly((asked) => {
    if (asked === "ask" && shown) setOpen(true);
  });
  if (!shown) return null;
  const preload = () => void ArtistAskDialog.preload();
  return (
    <>
      <form method="get" className="message-artist" onSubmit={(event) => event.preventDefault()}>
        <button
          ref={button}
          type="submit"
          name={OPEN_PARAM}
          value="ask"
          className="button"
          aria-haspopup="dialog"
          onPointerEnter={preload}
          onFocus={preload}
          onTouchStart={preload}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          {m.messageArtist}
        </button>
      </form>
      {open ? (
        <ArtistAskDialog
          artistId={artistId}
          artistName={artistName}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
