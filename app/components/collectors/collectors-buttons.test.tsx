// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Outlet, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "../../../contracts/auth.contract";
import { collectorTexts as m } from "./collectors.messages";
import { FollowButton, type FollowState } from "./follow-button";
import { SaveButton } from "./save-button";
import { type SavedState, SavedWorksProvider, useCheckSaved } from "./saved-works";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WORK = "11111111-1111-4111-8111-111111111111";
const ARTIST = "22222222-2222-4222-8222-222222222222";

type Call = { url: string; method: string };

/** Answers the JSON API with `answer(call)`; a number is an error status. */
function stubApi(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? "GET" };
    calls.push(call);
    await gate;
    const body = answer(call);
    if (typeof body === "number") {
      return Response.json(
        { error: { code: "INTERNAL", message: "Something went wrong" } },
        { status: body },
      );
    }
    return Response.json(body);
  });
  return { calls, release };
}

function renderAt(
  ui: React.ReactNode,
  { user, path = "/artwork/x?from=grid" }: { user: SessionUser | null; path?: string },
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user }),
      Component: Outlet,
      children: [{ path: "*", Component: () => ui }],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const collector = { id: "33333333-3333-4333-8333-333333333333" } as SessionUser;
const notSaved: SavedState = { saved: [], checked: [WORK] };

function heart(state: SavedState | null, variant: "card" | "page" = "card") {
  return (
    <SavedWorksProvider state={state}>
      <SaveButton artworkId={WORK} artistId={ARTIST} title="Blue Hour" variant={variant} />
      <SaveButton artworkId={WORK} artistId={ARTIST} title="Blue Hour" variant="card" />
    </SavedWorksProvider>
  );
}

describe("SaveButton", () => {
  it("fills at once for every heart of the work, then keeps the server's yes", async () => {
    const api = stubApi(() => ({ saved: true }));
    renderAt(heart(notSaved), { user: collector });
    const [first, second] = await screen.findAllByRole("button", { name: "Save Blue Hour" });
    expect(first!.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(first!);
    // Optimistic: both hearts of this work agree before the server answers.
    expect(first!.getAttribute("aria-pressed")).toBe("true");
    expect(second!.getAttribute("aria-pressed")).toBe("true");
    // The request goes once its code has arrived (loaded on the first press).
    await waitFor(() =>
      expect(api.calls).toEqual([{ url: `/api/me/saved/${WORK}`, method: "PUT" }]),
    );
    // A second press while the first is on its way changes nothing.
    fireEvent.click(first!);
    expect(api.calls).toHaveLength(1);
    await act(() => {
      api.release();
      return Promise.resolve();
    });
    await waitFor(() => expect(first!.getAttribute("aria-pressed")).toBe("true"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("goes back and says so in an alert when the server refuses", async () => {
    const api = stubApi(() => 500);
    renderAt(heart({ saved: [WORK], checked: [WORK] }, "page"), { user: collector });
    const button = await screen.findByRole("button", { name: "Saved Blue Hour" });
    // Its words carry the state: no aria-pressed beside a name that changes.
    expect(button.getAttribute("aria-pressed")).toBeNull();
    fireEvent.click(button);
    expect(screen.getAllByRole("button", { name: "Save Blue Hour" })).toContain(button);
    await waitFor(() =>
      expect(api.calls[0]).toEqual({ url: `/api/me/saved/${WORK}`, method: "DELETE" }),
    );
    await act(() => {
      api.release();
      return Promise.resolve();
    });
    expect((await screen.findByRole("alert")).textContent).toBe(m.unsaveFailed);
    expect(screen.getByRole("button", { name: "Saved Blue Hour" })).toBe(button);
  });

  it("keeps the server's words when the work left the marketplace", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        Response.json(
          { error: { code: "NOT_FOUND", message: "Artwork not found" } },
          { status: 404 },
        ),
      ),
    );
    renderAt(heart(notSaved), { user: collector });
    const [button] = await screen.findAllByRole("button", { name: "Save Blue Hour" });
    fireEvent.click(button!);
    expect((await screen.findByRole("alert")).textContent).toBe("Artwork not found");
    expect(button!.getAttribute("aria-pressed")).toBe("false");
  });

  it("is a form that works without JavaScript: /collect with the page to come back to", async () => {
    renderAt(heart(notSaved), { user: collector });
    const [button] = await screen.findAllByRole("button", { name: "Save Blue Hour" });
    const form = button!.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/collect");
    const fields = Object.fromEntries(new FormData(form));
    expect(fields).toEqual({ intent: "save", id: WORK, next: "/artwork/x?from=grid" });
  });

  it("sends a visitor to sign in and back, with the work to save", async () => {
    renderAt(heart(null), { user: null });
    const [button] = await screen.findAllByRole("button", { name: m.signInToSave("Blue Hour") });
    const form = button!.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/signin");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      next: "/artwork/x?from=grid",
      save: WORK,
    });
    // No link beside the card's own is named after the work.
    expect(screen.queryAllByRole("link", { name: /Blue Hour/ })).toEqual([]);
  });

  it("is not shown to the work's artist, nor outside a page that knows what is saved", async () => {
    renderAt(
      <>
        <p>page</p>
        {heart(notSaved)}
        <SaveButton artworkId={WORK} artistId={ARTIST} title="Loose" variant="card" />
      </>,
      { user: { id: ARTIST } as SessionUser },
    );
    await screen.findByText("page");
    expect(screen.queryAllByRole("button")).toEqual([]);
  });
});

describe("FollowButton", () => {
  const initial: FollowState = { following: false, followers: 1 };
  const follow = (state = initial) => (
    <FollowButton artistId={ARTIST} artistName="Ines Moreau" initial={state} showCount />
  );

  it("follows at once with the count, then shows the server's count", async () => {
    const api = stubApi(() => ({ following: true, followers: 5 }));
    renderAt(follow(), { user: collector });
    const button = await screen.findByRole("button", { name: "Follow Ines Moreau" });
    expect(screen.getByText("1 follower")).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute("aria-pressed")).toBeNull();
    expect(button.textContent).toBe("Following Ines Moreau");
    expect(screen.getByText("2 followers")).toBeTruthy();
    await waitFor(() =>
      expect(api.calls).toEqual([{ url: `/api/me/following/${ARTIST}`, method: "PUT" }]),
    );
    await act(() => {
      api.release();
      return Promise.resolve();
    });
    expect(await screen.findByText("5 followers")).toBeTruthy();
  });

  it("goes back with an alert when the server refuses an unfollow", async () => {
    const api = stubApi(() => 503);
    renderAt(follow({ following: true, followers: 2 }), { user: collector });
    const button = await screen.findByRole("button", { name: "Following Ines Moreau" });
    fireEvent.click(button);
    expect(screen.getByText("1 follower")).toBeTruthy();
    await act(() => {
      api.release();
      return Promise.resolve();
    });
    expect((await screen.findByRole("alert")).textContent).toBe(m.unfollowFailed);
    expect(button.textContent).toBe("Following Ines Moreau");
    expect(screen.getByText("2 followers")).toBeTruthy();
  });

  it("links a visitor to sign in with the artist to follow; shows the artist only the count", async () => {
    const { unmount } = renderAt(follow(), { user: null, path: "/artist/a" });
    const link = await screen.findByRole("link", { name: "Follow Ines Moreau" });
    const href = new URL(link.getAttribute("href")!, "http://x");
    expect(href.searchParams.get("follow")).toBe(ARTIST);
    expect(href.searchParams.get("next")).toBe("/artist/a");
    unmount();
    renderAt(follow(), { user: { id: ARTIST } as SessionUser });
    expect(await screen.findByText("1 follower")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("counts in words", () => {
    expect([0, 1, 2].map(m.followers)).toEqual(["0 followers", "1 follower", "2 followers"]);
    expect([0, 1, 3].map(m.savedBy)).toEqual([
      "Not saved yet",
      "Saved by 1 person",
      "Saved by 3 people",
    ]);
  });
});

describe("SavedWorksProvider", () => {
  it("asks the server about cards it does not know yet, once", async () => {
    const later = "44444444-4444-4444-8444-444444444444";
    const api = stubApi(() => ({ saved: [later] }));
    renderAt(
      <SavedWorksProvider state={notSaved}>
        <SaveButton artworkId={later} artistId={ARTIST} title="Later" variant="card" />
        <Checker ids={[WORK, later]} />
        <Checker ids={[later]} />
      </SavedWorksProvider>,
      { user: collector },
    );
    const button = await screen.findByRole("button", { name: "Save Later" });
    await waitFor(() =>
      expect(api.calls).toEqual([{ url: `/api/me/saved/ids?artworkIds=${later}`, method: "GET" }]),
    );
    await act(() => {
      api.release();
      return Promise.resolve();
    });
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("true"));
  });
});

function Checker({ ids }: { ids: string[] }) {
  useCheckSaved(ids);
  return null;
}
