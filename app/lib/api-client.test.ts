import { describe, expect, it, onTestFinished, vi } from "vitest";
import { z } from "zod";
import { fakeApi } from "../test/fake-api";
import { INVALID_RESPONSE_MESSAGE } from "../../domain/errors";
import { ApiError, request } from "./api-client";

const answerSchema = z.object({ id: z.string() });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("request", () => {
  it("sends JSON with the method and returns the answer parsed by the contract's schema", async () => {
    const api = fakeApi();
    const answer = request("/api/things", {
      method: "PATCH",
      body: { name: "Ada" },
      schema: answerSchema,
    });
    expect(api.request(0)).toMatchObject({ method: "PATCH", body: { name: "Ada" } });
    api.request(0).respond(200, { id: "t1", extra: "dropped" });
    await expect(answer).resolves.toEqual({ id: "t1" });
  });

  it("sends at once while a downloaded schema is on its way, and reads the answer with it", async () => {
    const api = fakeApi();
    let deliver: (schema: typeof answerSchema) => void = () => undefined;
    const download = new Promise<typeof answerSchema>((resolve) => (deliver = resolve));
    const answer = request("/api/things", {
      method: "PUT",
      keepalive: true,
      schema: () => download,
    });
    // The request does not wait for the schema (a keepalive change must leave at once).
    expect(api.request(0)).toMatchObject({ method: "PUT" });
    api.request(0).respond(200, { id: 42 });
    deliver(answerSchema);
    expect((await failure(answer)).code).toBe("INVALID_RESPONSE");

    const second = request("/api/things", { schema: () => Promise.resolve(answerSchema) });
    api.request(1).respond(200, { id: "t2" });
    await expect(second).resolves.toEqual({ id: "t2" });
  });

  it("turns an answer of the wrong shape into INVALID_RESPONSE", async () => {
    const api = fakeApi();
    const answer = request("/api/things", { schema: answerSchema });
    api.request(0).respond(200, { id: 42 });
    const error = await failure(answer);
    expect([error.status, error.code, error.message]).toEqual([
      200,
      "INVALID_RESPONSE",
      INVALID_RESPONSE_MESSAGE,
    ]);
  });

  it("carries our error body's code and message", async () => {
    const api = fakeApi();
    const answer = request("/api/things");
    api.request(0).respond(409, { error: { code: "CONFLICT", message: "Sold." } });
    const error = await failure(answer);
    expect([error.status, error.code, error.message]).toEqual([409, "CONFLICT", "Sold."]);
  });

  it("reads an error body without `error` (a proxy's, a bare message) instead of crashing", async () => {
    const api = fakeApi();
    const bare = request("/api/things");
    api.request(0).respond(502, { message: "Bad gateway" });
    expect((await failure(bare)).message).toBe("Bad gateway");

    const empty = request("/api/things");
    api.request(1).respond(503, null);
    const error = await failure(empty);
    expect([error.status, error.code]).toEqual([503, "INTERNAL"]);
  });

  it("is NETWORK with status 0 when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("fetch failed")));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const error = await failure(request("/api/things"));
    expect([error.status, error.code]).toEqual([0, "NETWORK"]);
  });

  it("rethrows an abort as it is", async () => {
    const api = fakeApi();
    const controller = new AbortController();
    const aborted = request("/api/things", { signal: controller.signal });
    expect(api.requests).toHaveLength(1);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
  });
});
