import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazy-module";

describe("lazyModule (checks downloaded as a form is reached)", () => {
  it("is nothing until loaded, downloads once however often it is started", async () => {
    const load = vi.fn(() => Promise.resolve({ check: (s: string) => s.length > 0 }));
    const rules = lazyModule(load);
    expect(rules.get()).toBeNull();
    rules.start();
    rules.start();
    await rules.load();
    expect(load).toHaveBeenCalledTimes(1);
    expect(rules.get()?.check("x")).toBe(true);
  });

  it("forgets a failed download, so the next start tries again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ ok: true }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ ok: true });
    const rules = lazyModule(load);
    await expect(rules.load()).rejects.toThrow("offline");
    expect(rules.get()).toBeNull();
    rules.start();
    await vi.waitFor(() => expect(rules.get()).toEqual({ ok: true }));
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
