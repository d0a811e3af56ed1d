// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { OwnApplication } from "../../../contracts/applications.contract";
import {
  ARTIST_APPLICATION_INTENT,
  type ArtistApplicationResult,
  ArtistApplicationSection,
} from "./artist-application-form";

afterEach(cleanup);

const application = (overrides: Partial<OwnApplication> = {}): OwnApplication => ({
  id: "a1",
  state: "waiting",
  instagramHandle: "mira.paints",
  websiteURL: null,
  note: "I paint harbours.",
  teamMessage: null,
  answer: null,
  appliedAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  decidedAt: null,
  ...overrides,
});

function show(own: OwnApplication | null, result?: ArtistApplicationResult) {
  const Stub = createRoutesStub([
    {
      path: "/profile",
      Component: () => (
        <ArtistApplicationSection
          own={{ isArtist: false, application: own }}
          profileLinks={{ instagramHandle: "", websiteURL: "" }}
          result={result}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={["/profile"]} />);
}

describe("ArtistApplicationSection", () => {
  it("says 'waiting for review' once right after applying", () => {
    show(application(), {
      form: ARTIST_APPLICATION_INTENT,
      ok: true,
      message:
        "Thank you! Your application is waiting for review. We will email you once the team has decided.",
      values: { instagramHandle: "mira.paints", websiteURL: "", note: "", answer: "" },
    });
    expect(screen.getAllByText(/waiting for review/)).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toMatch(/waiting for review/);
  });

  it("asks for an answer, not the note, when the team asked a question", () => {
    show(application({ state: "info_requested", teamMessage: "Which city do you work in?" }));
    expect(screen.getByText("Which city do you work in?")).toBeTruthy();
    expect(screen.getByText("I paint harbours.")).toBeTruthy();
    const answer = screen.getByLabelText<HTMLTextAreaElement>(/^Your answer/);
    expect(answer.name).toBe("answer");
    expect(answer.required).toBe(true);
    expect(screen.queryByLabelText(/^A short note for the team/)).toBeNull();
    expect(screen.getByRole("button", { name: "Send my answer" })).toBeTruthy();
  });

  it("takes a bare domain as the website (text, not type=url)", () => {
    show(null);
    const website = screen.getByLabelText(/^Website URL/);
    expect(website.getAttribute("type")).toBe("text");
    expect(website.getAttribute("inputmode")).toBe("url");
  });
});
