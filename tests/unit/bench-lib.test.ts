import { describe, expect, it } from "vitest";
import {
  cpuMsPerRequest,
  formatResults,
  machineSpeed,
  makeRow,
  meetsTarget,
  parseAutocannon,
  ratio,
  scriptUrlsFromHtml,
  summaryLine,
  warmUpDone,
  type AutocannonResult,
  type Measurement,
} from "../../scripts/bench-lib";

function result(overrides: Partial<AutocannonResult> = {}): AutocannonResult {
  return {
    duration: 10.02,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    requests: { average: 1234.56, total: 12370 },
    latency: { p50: 12.345, p99: 41.999 },
    ...overrides,
  };
}

const m = (rps: number, p99 = 10, errors = 0): Measurement => ({
  rps,
  p50: 1,
  p99,
  errors,
  requests: rps * 10,
});

describe("parseAutocannon", () => {
  it("reads requests per second, percentiles and the request count", () => {
    expect(parseAutocannon(result())).toEqual({
      rps: 1234.6,
      p50: 12.35,
      p99: 42,
      errors: 0,
      requests: 12370,
    });
  });

  it("counts socket errors, timeouts and non-2xx answers as errors", () => {
    expect(parseAutocannon(result({ errors: 2, timeouts: 3, non2xx: 5 })).errors).toBe(10);
  });

  it("falls back to total / duration when no per-second average was sampled", () => {
    expect(parseAutocannon(result({ requests: { average: 0, total: 500 }, duration: 4 })).rps).toBe(
      125,
    );
  });
});

describe("ratio", () => {
  it("is the shop's requests per second over the baseline's", () => {
    expect(ratio(m(300), m(1000))).toBe(0.3);
    expect(ratio(m(1), m(3))).toBe(0.333);
  });

  it("is null when the baseline answered nothing", () => {
    expect(ratio(m(300), m(0))).toBeNull();
  });
});

describe("targets", () => {
  it("needs answers, p99 strictly under the limit, the minimum ratio and no errors", () => {
    expect(meetsTarget(m(300, 49.9), 0.3, { p99Ms: 50, minRatio: 0.3 })).toBe(true);
    expect(meetsTarget(m(300, 50), 0.3, { p99Ms: 50 })).toBe(false);
    expect(meetsTarget(m(300, 10), 0.29, { minRatio: 0.3 })).toBe(false);
    expect(meetsTarget(m(300, 10), null, { minRatio: 0.3 })).toBe(false);
    expect(meetsTarget(m(300, 10, 1), 1, {})).toBe(false);
    expect(meetsTarget({ rps: 0, p50: 0, p99: 0, errors: 0, requests: 0 }, 0, { p99Ms: 50 })).toBe(
      false,
    );
  });

  it("builds a row with its ratio and verdict, and the table and summary report it", () => {
    const good = makeRow("product", "/product/1", 20_000, m(400, 20), m(1000), {
      p99Ms: 50,
      minRatio: 0.3,
    });
    const bad = makeRow("search", "/search?q=winch", 8_000, m(900, 25), m(1000), { p99Ms: 20 });
    expect(good).toMatchObject({ ratio: 0.4, met: true });
    expect(bad).toMatchObject({ ratio: 0.9, met: false });

    good.cpuMsPerRequest = cpuMsPerRequest(50, 4000);
    const table = formatResults([good, bad]);
    expect(table).toMatch(
      /product\s+20\.0 kB\s+400\s+1\.0\s+20\.0\s+0\s+0\.13\s+1000\s+40\.0%\s+p99<50ms >=30%\s+yes/,
    );
    expect(table).toMatch(/search\s+8\.0 kB\s+900\s+1\.0\s+25\.0\s+0\s+-\s+1000/);
    expect(table).toMatch(/search .* NO$/m);

    const line = summaryLine({
      rows: [good, bad],
      peakRssMb: 180,
      rssLimitMb: 300,
      pageJs: [{ page: "home", gzipBytes: 90_000 }],
      jsLimitBytes: 120_000,
    });
    expect(line).toBe(
      "bench: FAIL 1/2 URL targets met; worst p99 25.0 ms; lowest ratio 40.0%; peak RSS 180 MB (limit 300); max page JS 90.0 kB gzip (limit 120.0 kB)",
    );
    expect(
      summaryLine({
        rows: [good],
        peakRssMb: 180,
        rssLimitMb: 300,
        pageJs: [],
        jsLimitBytes: 120_000,
      }),
    ).toMatch(/^bench: PASS 1\/1/);
    expect(
      summaryLine({
        rows: [good],
        peakRssMb: 301,
        rssLimitMb: 300,
        pageJs: [],
        jsLimitBytes: 120_000,
      }),
    ).toMatch(/^bench: FAIL/);
    // With several workers the limit holds the workers; the primary's share is shown beside them.
    const workers = (workersPeakRssMb: number) =>
      summaryLine({
        rows: [good],
        peakRssMb: 340,
        workersPeakRssMb,
        rssLimitMb: 300,
        pageJs: [],
        jsLimitBytes: 120_000,
      });
    expect(workers(290)).toMatch(
      /^bench: PASS .*peak RSS of the workers 290 MB \(limit 300\), 340 MB with the primary;/,
    );
    expect(workers(300)).toMatch(/^bench: FAIL/);
  });
});

describe("scriptUrlsFromHtml", () => {
  it("finds modulepreload links and the inline module script's imports, once each", () => {
    const html = `<html><head>
      <link rel="stylesheet" href="/assets/root.css"/>
      <link rel="modulepreload" href="/assets/manifest-abc.js"/>
      <link rel="modulepreload" href="/assets/entry.client-1.js"/>
      <link rel="modulepreload" href="/assets/root-2.js"/>
      </head><body>
      <script>window.__remixContext = {"a":"<x>"};</script>
      <script type="module" async="">import "/assets/manifest-abc.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/_index-3.js";
window.__remixRouteModules = {"root":route0};
import("/assets/entry.client-1.js");</script>
      <script src="/assets/legacy.js"></script>
      </body></html>`;
    expect(scriptUrlsFromHtml(html)).toEqual([
      "/assets/manifest-abc.js",
      "/assets/entry.client-1.js",
      "/assets/root-2.js",
      "/assets/_index-3.js",
      "/assets/legacy.js",
    ]);
  });
});

describe("warmUpDone", () => {
  it("waits while the rounds keep getting faster, and ends after two rounds with no new best", () => {
    expect(warmUpDone([320])).toBe(false);
    expect(warmUpDone([320, 377])).toBe(false);
    expect(warmUpDone([320, 377, 474, 515])).toBe(false);
    // One slower round in the climb is not the end.
    expect(warmUpDone([320, 377, 360, 474])).toBe(false);
    expect(warmUpDone([320, 377, 474, 515, 554, 556, 566])).toBe(true);
    // Within 3% of the best counts as no new best.
    expect(warmUpDone([14000, 14300, 13900])).toBe(true);
    expect(warmUpDone([14000, 14300, 14800])).toBe(false);
  });
});

describe("machineSpeed", () => {
  it("times gzip of a fixed page in whole microseconds", () => {
    const { gzipUs } = machineSpeed();
    expect(Number.isInteger(gzipUs)).toBe(true);
    // Compressing 29 kB takes some microseconds, and well under a hundred milliseconds.
    expect(gzipUs).toBeGreaterThan(0);
    expect(gzipUs).toBeLessThan(100_000);
  });
});
