// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ConsoleLink, consoleLabel } from "./console-link";

afterEach(cleanup);

describe("ConsoleLink", () => {
  it("names the count for screen readers", () => {
    expect(consoleLabel(3)).toBe("Console, 3 applications waiting");
    expect(consoleLabel(1)).toBe("Console, 1 application waiting");
    expect(consoleLabel(0)).toBe("Console");
    expect(consoleLabel(null)).toBe("Console");
  });

  it("links to the console with the badge", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <ConsoleLink waiting={3} /> }]);
    render(<Stub initialEntries={["/"]} />);
    const link = await screen.findByRole("link", { name: "Console, 3 applications waiting" });
    expect(link.getAttribute("href")).toBe("/admin");
    expect(link.textContent).toBe("Console3");
  });
});
