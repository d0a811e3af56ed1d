import { expect } from "vitest";
import type { ZodType } from "zod";

/**
 * Parses a real answer with the endpoint's shared contract schema (contracts/) and
 * checks that nothing was dropped on the way: a field the server sends but the contract
 * does not name fails here, so the contract stays the only description of the answer.
 */
export function expectContract<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    expect.fail(`the answer does not match its contract: ${result.error.message}`);
  }
  expect(result.data, "the answer has fields its contract does not name").toStrictEqual(body);
  return result.data;
}
