import Bowser from "bowser";
import type { Device } from "../../../contracts/auth.contract";
import { isUuid } from "../../../domain/ids";
import { AppError } from "../../errors";
import { countryOf } from "./ip-country";
import { deleteSessionsWhere, listLiveSessions } from "../users/users.api";
import type { AuthDeps } from "./auth.service";

/**
 * The person's signed-in devices (their live sessions) and signing them out, from
 * /profile/settings. Only ever the session's own person's; the token and the address of a
 * session are never answered. Where a device is: the country of its address from an
 * offline table (ip-country.ts, decision 0057), or "Unknown place".
 */

export const deviceMessages = {
  signIn: "Please sign in to see your signed-in devices.",
  notFound: "That device is not signed in to your account.",
  unknownBrowser: "Unknown browser",
  unknownSystem: "unknown system",
  unknownPlace: "Unknown place",
} as const;

async function currentSession({ betterAuth }: AuthDeps, headers: Headers) {
  const session = await betterAuth.api.getSession({ headers });
  if (!session) throw new AppError("UNAUTHENTICATED", 401, deviceMessages.signIn);
  return { sessionId: session.session.id, userId: session.user.id };
}

function describe(userAgent: string | null): { browser: string; system: string } {
  if (!userAgent) {
    return { browser: deviceMessages.unknownBrowser, system: deviceMessages.unknownSystem };
  }
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName() || deviceMessages.unknownBrowser;
  const version = parser.getBrowserVersion()?.split(".")[0];
  const system = parser.getOSName() || deviceMessages.unknownSystem;
  return { browser: version ? `${browser} ${version}` : browser, system };
}

export async function listDevices(
  deps: AuthDeps & { now: () => Date },
  headers: Headers,
): Promise<Device[]> {
  const { sessionId, userId } = await currentSession(deps, headers);
  const rows = await listLiveSessions(deps.db, userId, deps.now());
  return rows.map((row) => ({
    id: row.id,
    ...describe(row.userAgent),
    place: countryOf(row.ipAddress) ?? deviceMessages.unknownPlace,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.updatedAt.toISOString(),
    current: row.id === sessionId,
  }));
}

/** Signs one other device out; this one signs out with Sign Out. 404 for any other id. */
export async function signOutDevice(
  deps: AuthDeps,
  headers: Headers,
  deviceId: string,
): Promise<{ signedOut: number }> {
  const { sessionId, userId } = await currentSession(deps, headers);
  if (!isUuid(deviceId) || deviceId.toLowerCase() === sessionId) {
    throw new AppError("NOT_FOUND", 404, deviceMessages.notFound);
  }
  const signedOut = await deleteSessionsWhere(deps.db, userId, { ids: [deviceId.toLowerCase()] });
  if (signedOut === 0) throw new AppError("NOT_FOUND", 404, deviceMessages.notFound);
  return { signedOut };
}

/** Signs out every device but this one. */
export async function signOutOtherDevices(
  deps: AuthDeps,
  headers: Headers,
): Promise<{ signedOut: number }> {
  const { sessionId, userId } = await currentSession(deps, headers);
  return { signedOut: await deleteSessionsWhere(deps.db, userId, { allBut: sessionId }) };
}
