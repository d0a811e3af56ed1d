// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AdminFilters, type ListFilters, filtersInUse, yesNo } from "./admin-filters";

afterEach(cleanup);

const FILTERS: ListFilters = {
  idPrefix: "works",
  searchLabel: "Title or artist",
  kept: ["artistId"],
  selects: [
    {
      name: "medium",
      label: "Medium",
      anyLabel: "All media",
      options: [
        { value: "oil", label: "Oil" },
        { value: "ink", label: "Ink" },
      ],
    },
    { name: "forSale", label: "For sale", anyLabel: "Either", options: yesNo("Yes", "No") },
  ],
};

function Page() {
  const location = useLocation();
  return (
    <>
      <AdminFilters filters={FILTERS} label="Find works" clearTo="/works" />
      <output aria-label="address">{location.search}</output>
    </>
  );
}

function show(url: string) {
  const Stub = createRoutesStub([{ path: "/works", Component: Page }]);
  return render(<Stub initialEntries={[url]} />);
}

const search = () => screen.getByRole("search", { name: "Find works" });
const form = () => search() as HTMLFormElement;

describe("AdminFilters", () => {
  it("shows the search text and each select with the URL's values, under their labels", () => {
    show("/works?q=harbour&forSale=false");
    expect(screen.getByLabelText("Title or artist")).toHaveProperty("value", "harbour");
    expect(screen.getByLabelText("Title or artist")).toHaveProperty("id", "works-q");
    expect(screen.getByLabelText("Medium")).toHaveProperty("value", "");
    const forSale = screen.getByLabelText("For sale");
    expect(forSale).toHaveProperty("id", "works-for-sale");
    expect(forSale).toHaveProperty("value", "false");
    expect([...(forSale as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ["", "Either"],
      ["true", "Yes"],
      ["false", "No"],
    ]);
    expect(screen.getByRole("button", { name: "Search" })).toBeTruthy();
  });

  it("offers Clear, back to the whole list, only while a filter is in use", () => {
    show("/works?cursor=abc&other=1&medium=");
    expect(screen.queryByRole("link", { name: "Clear" })).toBeNull();
    cleanup();
    show("/works?medium=ink");
    expect(screen.getByRole("link", { name: "Clear" }).getAttribute("href")).toBe("/works");
  });

  it("keeps a kept parameter as a hidden field, and only when the URL has it", () => {
    show("/works");
    expect(new FormData(form()).has("artistId")).toBe(false);
    cleanup();
    show("/works?artistId=a1");
    expect(new FormData(form()).get("artistId")).toBe("a1");
    // The artist alone narrows the list.
    expect(screen.getByRole("link", { name: "Clear" })).toBeTruthy();
  });

  it("sends the text, the selects and the kept parameter as the page's address", async () => {
    show("/works?artistId=a1&cursor=abc");
    fireEvent.change(screen.getByLabelText("Title or artist"), { target: { value: "sea" } });
    fireEvent.change(screen.getByLabelText("Medium"), { target: { value: "ink" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(
      await screen.findByText("?artistId=a1&q=sea&medium=ink&forSale=", { selector: "output" }),
    ).toBeTruthy();
  });
});

describe("filtersInUse", () => {
  it("counts q, the selects and the kept parameters with a value, nothing else", () => {
    const inUse = (query: string) => filtersInUse(new URLSearchParams(query), FILTERS);
    expect(inUse("")).toBe(false);
    expect(inUse("cursor=abc&role=admin&q=")).toBe(false);
    expect(inUse("q=a")).toBe(true);
    expect(inUse("forSale=true")).toBe(true);
    expect(inUse("artistId=a1")).toBe(true);
  });
});
