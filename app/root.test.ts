import { describe, expect, it, vi } from "vitest";
import { loader } from "./root";

function contextFor(user: { role: string } | null, waitingCount = vi.fn(() => Promise.resolve(3))) {
  return {
    context: {
      services: {
        auth: { getSessionUser: vi.fn(() => Promise.resolve(user)) },
        applications: { waitingCount },
        logger: { error: vi.fn() },
      },
    },
    waitingCount,
  };
}

async function rootLoader(user: { role: string } | null, waitingCount?: () => Promise<number>) {
  const { context, waitingCount: count } = contextFor(user, waitingCount && vi.fn(waitingCount));
  const args = { request: new Request("http://localhost/"), context, params: {} };
  const data = await loader(args as unknown as Parameters<typeof loader>[0]);
  return { data, count, logger: context.services.logger };
}

describe("the root loader's count of waiting applications", () => {
  it("counts for an admin only", async () => {
    const admin = await rootLoader({ role: "admin" });
    expect(admin.data.waitingApplications).toBe(3);
    expect(admin.count).toHaveBeenCalledTimes(1);
    const collector = await rootLoader({ role: "user" });
    expect(collector.data).not.toHaveProperty("waitingApplications");
    expect(collector.count).not.toHaveBeenCalled();
    const visitor = await rootLoader(null);
    expect(visitor.data).toEqual({ user: null, timeZone: "UTC" });
    expect(visitor.count).not.toHaveBeenCalled();
  });

  it("shows no number, never an error page, when the count fails", async () => {
    const failed = await rootLoader({ role: "admin" }, () => Promise.reject(new Error("down")));
    expect(failed.data.waitingApplications).toBeNull();
    expect(failed.logger.error).toHaveBeenCalled();
  });
});
