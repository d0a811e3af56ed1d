import { describe, expect, expectTypeOf, it } from "vitest";
import { bind } from "./bind";

type Deps = { greeting: string; calls: string[] };

function greet(deps: Deps, name: string, punctuation = "!"): string {
  deps.calls.push(name);
  return `${deps.greeting}, ${name}${punctuation}`;
}

// Takes only part of the deps, as many services do.
async function callCount(deps: Pick<Deps, "calls">): Promise<number> {
  return Promise.resolve(deps.calls.length);
}

describe("bind", () => {
  it("passes the same deps first and the caller's arguments after, answering what the function answers", async () => {
    const deps: Deps = { greeting: "Hello", calls: [] };
    const bound = bind(deps, { greet, count: callCount });
    expect(bound.greet("Ada")).toBe("Hello, Ada!");
    expect(bound.greet("Grace", "?")).toBe("Hello, Grace?");
    await expect(bound.count()).resolves.toBe(2);
    expect(deps.calls).toEqual(["Ada", "Grace"]);
  });

  it("binds exactly the names it is given", () => {
    const bound = bind({ greeting: "Hi", calls: [] }, { hello: greet });
    expect(Object.keys(bound)).toEqual(["hello"]);
  });

  it("keeps each function's parameters (optional ones too) and its result type", () => {
    const bound = bind({ greeting: "Hi", calls: [] }, { greet, count: callCount });
    expectTypeOf(bound.greet).parameters.toEqualTypeOf<[string, string?]>();
    expectTypeOf(bound.greet).returns.toEqualTypeOf<string>();
    expectTypeOf(bound.count).parameters.toEqualTypeOf<[]>();
    expectTypeOf(bound.count).returns.toEqualTypeOf<Promise<number>>();
    // @ts-expect-error: a bound function still refuses the wrong argument type
    expect(bound.greet(42)).toBe("Hi, 42!");
  });
});
