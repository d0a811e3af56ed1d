import { describe, expect, it } from "vitest";
import { fileBytesSent, overallPercent } from "./upload-with-progress";

describe("upload progress", () => {
  it("is whole percent over all files' bytes", () => {
    const parts = [
      { size: 300, sent: 0, done: false },
      { size: 100, sent: 0, done: false },
    ];
    expect(overallPercent(parts)).toBe(0);
    parts[0]!.sent = 100;
    expect(overallPercent(parts)).toBe(25);
    parts[0]!.sent = 299;
    expect(overallPercent(parts)).toBe(74);
    expect(Number.isInteger(overallPercent(parts))).toBe(true);
    parts[0]!.done = true;
    parts[1]!.sent = 50;
    expect(overallPercent(parts)).toBe(87);
  });

  it("reaches 100 only when every file has been answered", () => {
    const parts = [
      { size: 300, sent: 300, done: true },
      { size: 100, sent: 100, done: false },
    ];
    expect(overallPercent(parts)).toBe(99);
    parts[1]!.done = true;
    expect(overallPercent(parts)).toBe(100);
    expect(overallPercent([])).toBe(100);
  });

  it("never goes past the file or below 0", () => {
    expect(overallPercent([{ size: 10, sent: 50, done: false }])).toBe(99);
    expect(overallPercent([{ size: 10, sent: -5, done: false }])).toBe(0);
  });

  it("scales a progress event over the multipart body to the file's bytes", () => {
    expect(fileBytesSent(1000, 0, 1200)).toBe(0);
    expect(fileBytesSent(1000, 600, 1200)).toBe(500);
    expect(fileBytesSent(1000, 1200, 1200)).toBe(1000);
    expect(fileBytesSent(1000, 5, 0)).toBe(0);
  });
});
