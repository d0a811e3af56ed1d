// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MarketplaceQuery } from "./marketplace-query";
import { OrderControls } from "./order-controls";

afterEach(cleanup);

const AUSTIN = "0b6b3c64-1d8e-4d3c-9d58-0f6a3f0b1a01";

function renderControls(query: MarketplaceQuery, hydrated = true) {
  const onSort = vi.fn();
  const onAvailable = vi.fn();
  const { container } = render(
    <OrderControls query={query} hydrated={hydrated} onSort={onSort} onAvailable={onAvailable} />,
  );
  return { container, onSort, onAvailable };
}

describe("OrderControls", () => {
  it("offers the four orders under a label, the chosen one selected", () => {
    renderControls({ q: "", selection: {}, sort: "price_desc" });
    const select = screen.getByLabelText<HTMLSelectElement>("Sort by");
    expect([...select.options].map((o) => o.text)).toEqual([
      "Featured",
      "Newest",
      "Price low to high",
      "Price high to low",
    ]);
    expect(select.value).toBe("price_desc");
  });

  it("is Featured and off by default", () => {
    renderControls({ q: "", selection: {} });
    expect(screen.getByLabelText<HTMLSelectElement>("Sort by").value).toBe("featured");
    expect(screen.getByRole<HTMLInputElement>("switch", { name: "Available only" }).checked).toBe(
      false,
    );
  });

  it("says each change at once", () => {
    const { onSort, onAvailable } = renderControls({ q: "", selection: {} });
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "newest" } });
    expect(onSort).toHaveBeenCalledWith("newest");
    fireEvent.click(screen.getByRole("switch", { name: "Available only" }));
    expect(onAvailable).toHaveBeenCalledWith(true);
    // Shown at once, before the URL (the query) has them.
    expect(screen.getByRole<HTMLInputElement>("switch").checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>("Sort by").value).toBe("newest");
  });

  it("follows the URL when it changes elsewhere (Back, Forward)", () => {
    const props = { hydrated: true, onSort: vi.fn(), onAvailable: vi.fn() };
    const { rerender } = render(
      <OrderControls
        query={{ q: "", selection: {}, sort: "newest", available: true }}
        {...props}
      />,
    );
    rerender(<OrderControls query={{ q: "", selection: {} }} {...props} />);
    expect(screen.getByLabelText<HTMLSelectElement>("Sort by").value).toBe("featured");
    expect(screen.getByRole<HTMLInputElement>("switch").checked).toBe(false);
  });

  it("is a GET form that carries the rest of the view, with a button until the script runs", () => {
    const query: MarketplaceQuery = {
      q: "sea",
      selection: { cities: [AUSTIN], priceRanges: ["1", "2"] },
      available: true,
    };
    const { container } = renderControls(query, false);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/");
    const sent = [...new FormData(form).entries()];
    expect(sent).toEqual([
      ["q", "sea"],
      ["cities", AUSTIN],
      ["priceRanges", "1,2"],
      ["sort", "featured"],
      ["available", "true"],
    ]);
    expect(screen.getByRole("button", { name: "Show results" })).toBeTruthy();
    cleanup();
    renderControls(query, true);
    expect(screen.queryByRole("button", { name: "Show results" })).toBeNull();
  });
});
