import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp, forwardedClient, resolveClientIp } from "./client-ip";

describe("forwardedClient", () => {
  it("is the socket's peer when no proxy is trusted, whatever the header says", () => {
    expect(forwardedClient("6.6.6.6", "10.0.0.2", 0)).toBe("10.0.0.2");
    expect(forwardedClient(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
  });

  it("reads the entry the trusted proxies appended, never one the client wrote", () => {
    // One proxy (nginx) appends the address it saw; the client forged the first entry.
    expect(forwardedClient("6.6.6.6, 203.0.113.7", "10.0.0.2", 1)).toBe("203.0.113.7");
    // Two proxies (a CDN, then nginx): the client is the second from the end.
    expect(forwardedClient("6.6.6.6, 203.0.113.7, 198.51.100.1", "10.0.0.2", 2)).toBe(
      "203.0.113.7",
    );
    // Fewer entries than proxies: not enough to go on, so the socket's peer.
    expect(forwardedClient("203.0.113.7", "10.0.0.2", 2)).toBe("10.0.0.2");
  });
});

describe("resolveClientIp", () => {
  function appWith(trustedProxies: number) {
    const app = new Hono();
    app.use(resolveClientIp(trustedProxies));
    app.get("/ip", (c) => c.text(clientIp(c) ?? "none"));
    return app;
  }
  const fromProxy = { incoming: { socket: { remoteAddress: "10.0.0.2" } } };

  it("gives every handler of the request the same client address", async () => {
    const request = () =>
      new Request("http://localhost/ip", { headers: { "x-forwarded-for": "203.0.113.7" } });
    expect(await (await appWith(1).request(request(), undefined, fromProxy)).text()).toBe(
      "203.0.113.7",
    );
    expect(await (await appWith(0).request(request(), undefined, fromProxy)).text()).toBe(
      "10.0.0.2",
    );
    expect(await (await appWith(1).request("/ip")).text()).toBe("none");
  });
});
