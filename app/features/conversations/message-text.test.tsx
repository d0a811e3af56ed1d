// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MessageText } from "./message-text";

afterEach(cleanup);

describe("MessageText", () => {
  it("shows HTML as the text it is, never as markup", () => {
    const { container } = render(<MessageText text={'<img src=x onerror="alert(1)"> <b>hi</b>'} />);
    expect(container.querySelector("img, b")).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror="alert(1)"> <b>hi</b>');
  });

  it("links web addresses for people, not for crawlers, without the sentence's full stop", () => {
    render(
      <MessageText text={"See https://example.com/frame. Or http://a.example/x?y=1, thanks"} />,
    );
    const first = screen.getByRole("link", { name: "https://example.com/frame" });
    expect(first.getAttribute("href")).toBe("https://example.com/frame");
    expect(first.getAttribute("rel")).toContain("nofollow ugc noopener");
    expect(screen.getByRole("link", { name: "http://a.example/x?y=1" })).toBeTruthy();
    expect(screen.getByText(/thanks/).textContent).toBe(
      "See https://example.com/frame. Or http://a.example/x?y=1, thanks",
    );
  });

  it("links nothing that is not an http(s) address", () => {
    render(<MessageText text={"javascript:alert(1) and www.example.com and mailto:a@b.c"} />);
    expect(screen.queryByRole("link")).toBeNull();
  });
});
