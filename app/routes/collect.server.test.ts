import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../../server/errors";
import { action } from "./collect";

/**
 * /collect, the hearts' and Follow buttons' forms without JavaScript: the
 * change for the session's person, then back to a same-site `next` only.
 */

const WORK = "11111111-1111-4111-8111-111111111111";

function setup(user: { id: string } | null, fail?: Error) {
  const calls: string[] = [];
  const act = (name: string) =>
    vi.fn((userId: string, id: string) => {
      calls.push(`${name} ${userId} ${id}`);
      return fail ? Promise.reject(fail) : Promise.resolve({});
    });
  const collectors = {
    save: act("save"),
    unsave: act("unsave"),
    follow: act("follow"),
    unfollow: act("unfollow"),
  };
  const logger = { error: vi.fn(), warn: vi.fn() };
  const auth = { getSessionUser: () => Promise.resolve(user) };
  const context = { services: { auth, collectors, logger } } as unknown as AppLoadContext;
  return { calls, context, logger };
}

function post(fields: Record<string, string>, type = "application/x-www-form-urlencoded") {
  return new Request("http://localhost/collect", {
    method: "POST",
    headers: { "content-type": type },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What the action ends with: a thrown or returned Response, or React Router's data(). */
async function outcome(promise: Promise<unknown>) {
  const result = await promise.then(
    (value) => value,
    (thrown: unknown) => thrown,
  );
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location") };
  }
  const data = result as { init?: { status?: number }; data?: unknown };
  return { status: data.init?.status, data: data.data };
}

const run = (context: AppLoadContext, request: Request) =>
  outcome(Promise.resolve().then(() => action({ request, context, params: {} } as never)));

describe("/collect", () => {
  it("saves for the signed-in person and goes back to the page", async () => {
    const { calls, context } = setup({ id: "me" });
    const answer = await run(context, post({ intent: "save", id: WORK, next: "/artwork/x?tab=1" }));
    expect(answer).toEqual({ status: 302, location: "/artwork/x?tab=1" });
    expect(calls).toEqual([`save me ${WORK}`]);
    for (const intent of ["unsave", "follow", "unfollow"]) {
      await run(context, post({ intent, id: WORK, next: "/" }));
    }
    expect(calls.slice(1)).toEqual([
      `unsave me ${WORK}`,
      `follow me ${WORK}`,
      `unfollow me ${WORK}`,
    ]);
  });

  it("never leaves the site: another site's next goes to /", async () => {
    const { context } = setup({ id: "me" });
    for (const next of ["https://evil.example", "//evil.example", "/\\evil.example", ""]) {
      const answer = await run(context, post({ intent: "save", id: WORK, next }));
      expect(answer, next).toEqual({ status: 302, location: "/" });
    }
  });

  it("sends a visitor to sign in with the change to make afterwards, changing nothing now", async () => {
    const { calls, context } = setup(null);
    const answer = await run(context, post({ intent: "follow", id: WORK, next: "/artist/a" }));
    const location = new URL(answer.location ?? "", "http://x");
    expect(location.pathname).toBe("/signin");
    expect(Object.fromEntries(location.searchParams)).toEqual({ next: "/artist/a", follow: WORK });
    expect(calls).toEqual([]);
  });

  it("refuses an unknown intent, a NUL byte and a body that is not a form, changing nothing", async () => {
    const { calls, context } = setup({ id: "me" });
    expect((await run(context, post({ intent: "delete-all", id: WORK }))).status).toBe(400);
    expect((await run(context, post({ intent: "save", id: `${WORK}\u0000` }))).status).toBe(400);
    expect((await run(context, post({ intent: "save" }, "application/json"))).status).toBe(415);
    expect(calls).toEqual([]);
  });

  it("shows the service's refusal with its status, and logs anything else as a 500", async () => {
    const refused = setup({ id: "me" }, new AppError("NOT_FOUND", 404, "Artwork not found"));
    expect(await run(refused.context, post({ intent: "save", id: "nope", next: "/" }))).toEqual({
      status: 404,
      data: "Artwork not found",
    });
    const broken = setup({ id: "me" }, new Error("database gone"));
    const answer = await run(broken.context, post({ intent: "save", id: WORK, next: "/" }));
    expect(answer.status).toBe(500);
    expect(answer.data).toBe("We could not save your change. Please try again.");
    expect(broken.logger.error).toHaveBeenCalledOnce();
  });
});
