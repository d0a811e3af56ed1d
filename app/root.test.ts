import { describe, expect, it, vi } from "vitest";
import { loader } from "./root";

function contextFor(
  user: { id: string; role: string } | null,
  waitingCount = vi.fn(() => Promise.resolve(3)),
  unread = vi.fn((_userId: string) => Promise.resolve(2)),
) {
  return {
    context: {
      services: {
        auth: { getSessionUser: vi.fn(() => Promise.resolve(user)) },
        applications: { waitingCount },
        conversations: { unread },
        logger: { error: vi.fn() },
      },
    },
    waitingCount,
  };
}

async function rootLoader(
  user: { id: string; role: string } | null,
  waitingCount?: () => Promise<number>,
  unread?: (userId: string) => Promise<number>,
) {
  const { context, waitingCount: count } = contextFor(
    user,
    waitingCount && vi.fn(waitingCount),
    unread && vi.fn(unread),
  );
  const args = { request: new Request("http://localhost/"), context, params: {} };
  const data = await loader(args as unknown as Parameters<typeof loader>[0]);
  return { data, count, logger: context.services.logger, unread: context.services.conversations };
}

describe("the root loader's count of waiting applications", () => {
  it("counts for an admin only", async () => {
    const admin = await rootLoader({ id: "a1", role: "admin" });
    expect(admin.data.waitingApplications).toBe(3);
    expect(admin.count).toHaveBeenCalledTimes(1);
    const collector = await rootLoader({ id: "u1", role: "user" });
    expect(collector.data).not.toHaveProperty("waitingApplications");
    expect(collector.count).not.toHaveBeenCalled();
    const visitor = await rootLoader(null);
    expect(visitor.data).toEqual({ user: null, timeZone: "UTC" });
    expect(visitor.count).not.toHaveBeenCalled();
  });

  it("shows no number, never an error page, when the count fails", async () => {
    const failed = await rootLoader({ id: "a1", role: "admin" }, () =>
      Promise.reject(new Error("down")),
    );
    expect(failed.data.waitingApplications).toBeNull();
    expect(failed.logger.error).toHaveBeenCalled();
  });
});

describe("the root loader's count of unread messages", () => {
  it("counts the signed-in person's own, and nobody's for a visitor", async () => {
    const collector = await rootLoader({ id: "u1", role: "user" });
    expect(collector.data.unreadMessages).toBe(2);
    expect(collector.unread.unread).toHaveBeenCalledWith("u1");
    const admin = await rootLoader({ id: "a1", role: "admin" });
    expect(admin.data.unreadMessages).toBe(2);
    const visitor = await rootLoader(null);
    expect(visitor.data).not.toHaveProperty("unreadMessages");
  });

  it("shows no number, never an error page, when the count fails", async () => {
    const failed = await rootLoader({ id: "u1", role: "user" }, undefined, () =>
      Promise.reject(new Error("down")),
    );
    expect(failed.data.unreadMessages).toBeNull();
    expect(failed.logger.error).toHaveBeenCalled();
  });
});
