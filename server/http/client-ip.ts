import type { Context } from "hono";

/** The header our server sets (replacing any client value) and Better Auth reads. */
export const CLIENT_IP_HEADER = "x-vernissage-client-ip";

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } };

/** The address of the peer socket; requests made in-process (tests) have none. */
export function clientIp(c: Context): string | undefined {
  const env = c.env as NodeEnv | undefined;
  return env?.incoming?.socket?.remoteAddress ?? undefined;
}
