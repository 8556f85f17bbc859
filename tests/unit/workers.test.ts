import { describe, expect, it } from "vitest";
import {
  workerCount,
  workerEnv,
  workerExecArgv,
  workerHeapLimitMb,
} from "../../server/workers.mjs";

const GB = 1024 * 1024 * 1024;

describe("workers", () => {
  it("one per core, as many as half the memory holds, or SHOP_WORKERS", () => {
    expect(workerCount(undefined, 2, 24 * GB)).toBe(2);
    expect(workerCount(undefined, 8, 1 * GB)).toBe(2);
    expect(workerCount(undefined, 2, 0.4 * GB)).toBe(1);
    expect(workerCount("3", 2, 1 * GB)).toBe(3);
    expect(() => workerCount("0")).toThrow(/SHOP_WORKERS/);
    expect(() => workerCount("two")).toThrow(/SHOP_WORKERS/);
  });

  it("caps each worker's heap by its share of the memory, unless one is set already", () => {
    // A 1 GB VPS with two workers: 60% of 256 MB each.
    expect(workerHeapLimitMb(2, 1 * GB, "")).toBe(154);
    expect(workerHeapLimitMb(2, 2 * GB, "")).toBe(307);
    expect(workerHeapLimitMb(8, 1 * GB, "")).toBe(96);
    expect(workerHeapLimitMb(2, 64 * GB, "")).toBe(1024);
    expect(workerHeapLimitMb(2, 1 * GB, "--max-old-space-size=300")).toBeUndefined();
  });

  it("starts workers with a small young generation and the heap cap, unless flags say otherwise", () => {
    expect(workerExecArgv(2, 2 * GB, "")).toEqual([
      "--max-old-space-size=307",
      "--max-semi-space-size=8",
    ]);
    expect(workerExecArgv(2, 2 * GB, "--max-semi-space-size=16")).toEqual([
      "--max-old-space-size=307",
    ]);
    expect(workerExecArgv(2, 2 * GB, "--max-old-space-size=300")).toEqual([
      "--max-semi-space-size=8",
    ]);
  });

  it("numbers each worker, gives the background jobs to the first, and holds malloc to two arenas", () => {
    expect(workerEnv(1, {})).toEqual({
      SHOP_WORKER: "1",
      SHOP_BACKGROUND_JOBS: "on",
      MALLOC_ARENA_MAX: "2",
    });
    expect(workerEnv(2, {})).toMatchObject({ SHOP_WORKER: "2", SHOP_BACKGROUND_JOBS: "off" });
    expect(workerEnv(2, { MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
  });
});
