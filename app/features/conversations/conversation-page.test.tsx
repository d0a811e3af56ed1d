// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationThread } from "../../../contracts/conversations.contract";
import { messageTexts } from "../../../domain/messages";
import { ConversationPage } from "./conversation-page";

afterEach(cleanup);

function thread(overrides: Partial<ConversationThread> = {}): ConversationThread {
  return {
    conversation: {
      id: "c1",
      kind: "artwork",
      role: "buyer",
      other: { id: "a1", displayName: "Theo Lindqvist", profilePhoto: null },
      artwork: { id: "w1", title: "Latent Space", thumbnail: "/media/w1-t.webp" },
      lastMessageAt: "2026-11-29T09:00:00.000Z",
      lastMessagePreview: "Yes",
      lastFromMe: false,
      unread: 0,
      closed: false,
    },
    entries: [
      {
        type: "message",
        id: "1",
        fromMe: true,
        body: "Is it framed? <b>really</b>",
        images: [
          {
            id: "i1",
            thumbnail: "/media/i1-t.webp",
            medium: "/media/i1-m.webp",
            original: "/media/i1.jpg",
            width: 10,
            height: 10,
          },
        ],
        createdAt: "2026-11-29T09:00:00.000Z",
      },
      {
        type: "event",
        id: "offer:o1:1",
        source: "offer",
        text: "Offer made: $5,000",
        link: "/offers/o1",
        createdAt: "2026-11-29T09:01:00.000Z",
      },
      {
        type: "message",
        id: "2",
        fromMe: false,
        body: "Yes, in oak.",
        images: [],
        createdAt: "2026-11-29T09:02:00.000Z",
      },
    ],
    blockedByMe: false,
    cannotSend: null,
    reported: false,
    ...overrides,
  };
}

async function renderPage(data: ConversationThread) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null, timeZone: "UTC" }),
      children: [
        {
          path: "profile/messages/:conversationId",
          Component: () => <ConversationPage thread={data} unread={0} />,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/profile/messages/c1"]} />);
  await screen.findByRole("heading", { level: 1, name: "Theo Lindqvist" });
}

describe("ConversationPage", () => {
  it("shows the work, the messages as text with their pictures, and the events in order", async () => {
    await renderPage(thread());
    expect(screen.getByRole("link", { name: "Latent Space" }).getAttribute("href")).toBe(
      "/artwork/w1",
    );
    const items = [...document.querySelectorAll(".thread > li")];
    expect(items.map((li) => li.className)).toEqual([
      "thread-message from-me",
      "thread-event",
      "thread-message",
    ]);
    expect(items[0]?.textContent).toContain("Is it framed? <b>really</b>");
    expect(document.querySelector(".thread b")).toBeNull();
    const picture = screen.getByRole("link", { name: "Open picture 1 full size" });
    expect(picture.getAttribute("href")).toBe("/media/i1.jpg");
    expect(screen.getByRole("link", { name: "Offer made: $5,000" }).getAttribute("href")).toBe(
      "/offers/o1",
    );
    expect(screen.getByLabelText("Your reply")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Block" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Report" })).toBeTruthy();
  });

  it("says why instead of the reply box when nothing can be sent, and offers Unblock", async () => {
    await renderPage(
      thread({ blockedByMe: true, cannotSend: messageTexts.blocked, reported: true }),
    );
    expect(screen.queryByLabelText("Your reply")).toBeNull();
    expect(screen.getByText(messageTexts.blocked)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unblock" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();
  });

  it("names a conversation about the artist rather than a work", async () => {
    const about = thread();
    await renderPage({
      ...about,
      conversation: { ...about.conversation, kind: "artist", artwork: null },
      entries: [],
    });
    expect(screen.getByText("About the artist")).toBeTruthy();
    expect(screen.getByText("No messages yet.")).toBeTruthy();
  });
});
