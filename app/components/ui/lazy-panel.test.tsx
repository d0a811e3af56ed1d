// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useId, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type LazyPanel, lazyPanel, lazyPanelTexts as t } from "./lazy-panel";
import { ModalDialog } from "./modal-dialog";

afterEach(cleanup);

type Props = { name: string; onClose: () => void };

/** The real panel: a modal with a field, as the buy panel is. */
function NamePanel({ name, onClose }: Props) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId}>Buy {name}</h2>
      <label>
        Email <input />
      </label>
    </ModalDialog>
  );
}

/** A download the test finishes (or fails) when it wants. */
function heldDownload() {
  const downloads: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<typeof NamePanel>((resolve, reject) => {
        downloads.push({ resolve: () => resolve(NamePanel), reject });
      }),
  );
  return { load, downloads };
}

/** A page with the button that opens the panel, as the artwork page has Buy Now. */
function Page({ Panel }: { Panel: LazyPanel<Props> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onFocus={() => void Panel.preload()} onClick={() => setOpen(true)}>
        Buy Now
      </button>
      {open ? <Panel name="Blue Hour" onClose={() => setOpen(false)} /> : null}
    </>
  );
}

async function settle() {
  await act(async () => {
    for (let i = 0; i < 3; i += 1) await Promise.resolve();
  });
}

describe("lazyPanel (a dialog downloaded when first opened)", () => {
  it("downloads nothing until asked, then shows a titled stand-in, then the panel", async () => {
    const { load, downloads } = heldDownload();
    const Panel = lazyPanel(load, ({ name }) => `Buy ${name}`);
    render(<Page Panel={Panel} />);
    expect(load).not.toHaveBeenCalled();

    const opener = screen.getByRole("button", { name: "Buy Now" });
    opener.focus();
    fireEvent.click(opener);
    // The stand-in: a modal dialog with the panel's name, saying it is loading.
    const standIn = screen.getByRole("dialog", { name: "Buy Blue Hour" });
    expect(standIn.textContent).toContain(t.loading);
    expect(screen.getByRole("status").textContent).toBe(t.loading);
    // Focus stays on the opener (nothing in the stand-in to move it to).
    expect(document.activeElement).toBe(opener);
    // One download for the focus and the press together.
    expect(load).toHaveBeenCalledTimes(1);

    downloads[0]?.resolve();
    await settle();
    const panel = screen.getByRole("dialog", { name: "Buy Blue Hour" });
    expect(panel.querySelector("input")).not.toBeNull();
    expect(screen.queryByText(t.loading)).toBeNull();
    // The real panel took the focus, as it does when its code was already there.
    expect(document.activeElement).toBe(panel.querySelector("input"));

    // Closed and opened again: the code is there, no stand-in, no second download.
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(opener);
    expect(screen.getByRole("dialog").querySelector("input")).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("closes from the stand-in with Escape, and the panel does not appear later", async () => {
    const { load, downloads } = heldDownload();
    const Panel = lazyPanel(load, "Buy this artwork");
    render(<Page Panel={Panel} />);
    fireEvent.click(screen.getByRole("button", { name: "Buy Now" }));
    expect(screen.getByRole("dialog", { name: "Buy this artwork" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    downloads[0]?.resolve();
    await settle();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says so when the download fails, and tries again on request", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { load, downloads } = heldDownload();
    const Panel = lazyPanel(load, "Buy this artwork");
    render(<Page Panel={Panel} />);
    fireEvent.click(screen.getByRole("button", { name: "Buy Now" }));
    downloads[0]?.reject(new Error("offline"));
    await settle();
    expect(screen.getByRole("alert").textContent).toBe(t.failed);
    expect(warn).toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: t.tryAgain }));
    expect(screen.getByRole("status").textContent).toBe(t.loading);
    expect(load).toHaveBeenCalledTimes(2);
    downloads[1]?.resolve();
    await settle();
    expect(screen.getByRole("dialog", { name: "Buy Blue Hour" })).toBeTruthy();
    warn.mockRestore();
  });
});
