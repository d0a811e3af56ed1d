import { describe, expect, it } from "vitest";
import { countryOf } from "./ip-country";

describe("countryOf", () => {
  it("names the country of a public IPv4 address, also written as IPv6-mapped", () => {
    expect(countryOf("8.8.8.8")).toBe("United States");
    expect(countryOf("81.2.69.160")).toBe("United Kingdom");
    expect(countryOf("::ffff:81.2.69.160")).toBe("United Kingdom");
  });

  it("answers null for private, loopback, IPv6, malformed and missing addresses", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.0.1", "2001:db8::1", "1.2.3", "", null]) {
      expect(countryOf(ip), String(ip)).toBeNull();
    }
  });
});
