// @vitest-environment happy-dom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SITE_PAGES } from "../../../domain/site-pages";
import { SiteFooter } from "./site-footer";

describe("SiteFooter", () => {
  it("links every site page by its footer name, in the list's order", () => {
    render(<SiteFooter />);
    const nav = screen.getByRole("navigation", { name: "About this marketplace" });
    const links = within(nav)
      .getAllByRole("link")
      .map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual(SITE_PAGES.map((page) => [page.path, page.footer]));
  });
});
