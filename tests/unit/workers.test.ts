import { describe, expect, it } from "vitest";
import {
  leastBusy,
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

  it("hands a new connection to the worker that holds the fewest, equals in turn", () => {
    expect(leastBusy(new Map(), 0)).toBeUndefined();
    expect(
      leastBusy(
        new Map([
          [1, 3],
          [2, 1],
          [3, 2],
        ]),
        2,
      ),
    ).toBe(2);
    // Equals: the one after the worker that took the last connection, round to the first.
    const idle = new Map([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect([0, 1, 2, 3].map((last) => leastBusy(idle, last))).toEqual([1, 2, 3, 1]);
    // Handing out 32 connections one by one to two idle workers: 16 each.
    const held = new Map([
      [1, 0],
      [2, 0],
    ]);
    let last = 0;
    for (let i = 0; i < 32; i++) {
      last = leastBusy(held, last)!;
      held.set(last, held.get(last)! + 1);
    }
    expect([...held.values()]).toEqual([16, 16]);
  });
});
