// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ModalDialog } from "./modal-dialog";
import { useFocusTrap } from "./use-focus-trap";

afterEach(cleanup);

/** A panel with the trap, opened and closed by a button outside it (as the site menu is). */
function Menu({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open, onClose);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <div ref={panel} hidden={!open}>
        <a href="/first">First</a>
        <button type="button" disabled>
          Disabled
        </button>
        <input aria-label="Middle" />
        <button type="button">Last</button>
      </div>
    </>
  );
}

const focused = () => document.activeElement;
const press = (key: string, shiftKey = false) => fireEvent.keyDown(document, { key, shiftKey });

describe("useFocusTrap", () => {
  it("moves focus into the panel when it opens, and not before", () => {
    render(<Menu />);
    const open = screen.getByRole("button", { name: "Open" });
    open.focus();
    expect(focused()).toBe(open);
    act(() => open.click());
    expect(focused()).toBe(screen.getByRole("link", { name: "First" }));
  });

  it("wraps Tab from the last control to the first, and Shift+Tab back", () => {
    render(<Menu />);
    act(() => screen.getByRole("button", { name: "Open" }).click());
    const first = screen.getByRole("link", { name: "First" });
    const last = screen.getByRole("button", { name: "Last" });
    last.focus();
    expect(press("Tab")).toBe(false); // default prevented: the browser does not move on
    expect(focused()).toBe(first);
    press("Tab", true);
    expect(focused()).toBe(last);
    // In between, Tab is the browser's own (not prevented).
    screen.getByRole("textbox", { name: "Middle" }).focus();
    expect(press("Tab")).toBe(true);
  });

  it("calls onClose on Escape", () => {
    let closed = 0;
    render(<Menu onClose={() => (closed += 1)} />);
    press("Escape");
    expect(closed).toBe(0); // closed panel: no trap
    act(() => screen.getByRole("button", { name: "Open" }).click());
    press("Escape");
    expect(closed).toBe(1);
  });
});

function DialogOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Buy Now
      </button>
      {open ? (
        <ModalDialog labelledBy="title" onClose={() => setOpen(false)}>
          <h2 id="title">Checkout</h2>
          <button type="button">Pay</button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </ModalDialog>
      ) : null}
    </>
  );
}

describe("ModalDialog (the trap's dialog)", () => {
  it("keeps focus inside, and gives it back to the opener when it closes", () => {
    render(<DialogOpener />);
    const opener = screen.getByRole("button", { name: "Buy Now" });
    opener.focus();
    act(() => opener.click());
    const pay = screen.getByRole("button", { name: "Pay" });
    expect(focused()).toBe(pay);
    screen.getByRole("button", { name: "Cancel" }).focus();
    press("Tab");
    expect(focused()).toBe(pay);

    act(() => {
      press("Escape");
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(focused()).toBe(opener);
  });
});
