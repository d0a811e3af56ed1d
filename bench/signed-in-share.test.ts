import { describe, expect, it } from "vitest";
import { SIGNED_IN_FLOOR, createSessionTally, signedInVerdict } from "./signed-in-share";

describe("the fuzzer's signed-in share", () => {
  it("fails a run below the floor and passes one at or above it", () => {
    expect(signedInVerdict(59, 100)).toEqual({ share: 0.59, passes: false });
    expect(signedInVerdict(SIGNED_IN_FLOOR * 100, 100)).toEqual({ share: 0.6, passes: true });
    expect(signedInVerdict(66, 100)).toEqual({ share: 0.66, passes: true });
    expect(signedInVerdict(0, 0)).toEqual({ share: 0, passes: false });
  });

  it("counts only the answers a later probe proves were given to a live session", () => {
    const tally = createSessionTally();
    tally.answered("a");
    tally.answered("a");
    // Nothing proven before a probe.
    expect(tally.signedIn).toBe(0);
    const before = tally.unconfirmed("a");
    // An answer that comes in while the probe is on its way is left to the next probe.
    tally.answered("a");
    tally.probed("a", before, true);
    expect(tally.signedIn).toBe(2);
    expect(tally.unconfirmed("a")).toBe(1);
  });

  it("never counts the answers given with a session a probe found ended", () => {
    const tally = createSessionTally();
    for (let i = 0; i < 4; i++) tally.answered("dead");
    tally.probed("dead", tally.unconfirmed("dead"), false);
    // A request still in flight with the dead session, answered after its probe.
    tally.answered("dead");
    tally.answered("fresh");
    tally.probed("fresh", tally.unconfirmed("fresh"), true);
    expect(tally.signedIn).toBe(1);
    expect(signedInVerdict(tally.signedIn, 6).passes).toBe(false);
  });
});
