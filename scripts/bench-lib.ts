/**
 * The pure parts of the benchmark (`npm run bench`): reading autocannon's results, the
 * shop / baseline ratio, finding the JavaScript a page loads, the table and the summary line.
 * Kept apart from scripts/bench.ts so a unit test can check them without starting servers.
 */
import zlib from "node:zlib";

/** The fields of an autocannon result that the benchmark reads. */
export type AutocannonResult = {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
};

export type Measurement = {
  /** Requests per second, averaged over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests: socket errors, timeouts and answers other than 2xx. */
  errors: number;
  requests: number;
};

export function parseAutocannon(result: AutocannonResult): Measurement {
  const total = result.requests.total;
  const rps =
    Number.isFinite(result.requests.average) && result.requests.average > 0
      ? result.requests.average
      : result.duration > 0
        ? total / result.duration
        : 0;
  return {
    rps: round(rps, 1),
    p50: round(result.latency.p50, 2),
    p99: round(result.latency.p99, 2),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: total,
  };
}

/** Shop requests per second as a share of the baseline's (0.3 = 30%); null when the baseline did nothing. */
export function ratio(shop: Measurement, baseline: Measurement): number | null {
  if (!(baseline.rps > 0)) return null;
  return round(shop.rps / baseline.rps, 3);
}

export type Target = {
  /** p99 must stay under this many milliseconds. */
  p99Ms?: number;
  /** The shop must reach at least this share of the baseline's requests per second. */
  minRatio?: number;
};

export type Row = {
  name: string;
  url: string;
  /** Size of the answer in bytes as the shop sent it (after compression, if any). */
  bytes: number;
  shop: Measurement;
  baseline: Measurement;
  ratio: number | null;
  target: Target;
  met: boolean;
  /** The shop's CPU time (all its processes, user and system) per answered request, in ms. */
  cpuMsPerRequest?: number | null;
  /** How long the URL was loaded before it was measured (see `warmUpDone`), in seconds. */
  warmupSeconds?: number;
};

export function meetsTarget(shop: Measurement, r: number | null, target: Target): boolean {
  if (shop.errors > 0 || !(shop.requests > 0)) return false;
  if (target.p99Ms !== undefined && !(shop.p99 < target.p99Ms)) return false;
  if (target.minRatio !== undefined && (r === null || r < target.minRatio)) return false;
  return true;
}

export function makeRow(
  name: string,
  url: string,
  bytes: number,
  shop: Measurement,
  baseline: Measurement,
  target: Target,
): Row {
  const r = ratio(shop, baseline);
  return { name, url, bytes, shop, baseline, ratio: r, target, met: meetsTarget(shop, r, target) };
}

/**
 * The JavaScript a server-rendered Remix page loads before it is interactive: module scripts,
 * modulepreload links and the static imports of the inline module script, in order, without repeats.
 */
export function scriptUrlsFromHtml(html: string): string[] {
  const urls: string[] = [];
  const add = (u: string) => {
    if (!urls.includes(u)) urls.push(u);
  };
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/\brel=["']?modulepreload\b/i.test(tag)) {
      const href = /\bhref=["']([^"']+)["']/i.exec(tag);
      if (href) add(decodeEntities(href[1]));
    }
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc=["']([^"']+)["']/i.exec(m[1]);
    if (src) {
      add(decodeEntities(src[1]));
    } else if (/\btype=["']?module\b/i.test(m[1])) {
      for (const imp of m[2].matchAll(/\bimport\s*(?:[\w*{}\s,]+from\s*)?["']([^"']+\.m?js)["']/g))
        add(imp[1]);
      for (const imp of m[2].matchAll(/\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g)) add(imp[1]);
    }
  }
  return urls;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

const pct = (r: number | null) => (r === null ? "n/a" : `${(r * 100).toFixed(1)}%`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function targetText(t: Target): string {
  const parts: string[] = [];
  if (t.p99Ms !== undefined) parts.push(`p99<${t.p99Ms}ms`);
  if (t.minRatio !== undefined) parts.push(`>=${Math.round(t.minRatio * 100)}%`);
  return parts.join(" ") || "-";
}

/** CPU milliseconds per request from clock ticks used during a run (USER_HZ ticks per second, 100 on Linux). */
export function cpuMsPerRequest(
  ticks: number,
  requests: number,
  ticksPerSecond = 100,
): number | null {
  return requests > 0 ? round((ticks * 1000) / ticksPerSecond / requests, 3) : null;
}

/** A plain-text table with right-aligned numbers. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [
    line(cells[0]),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n");
}

export function formatResults(rows: Row[]): string {
  return formatTable(
    [
      "page",
      "size",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "cpu ms/req",
      "baseline req/s",
      "ratio",
      "target",
      "met",
    ],
    rows.map((r) => [
      r.name,
      kb(r.bytes),
      r.shop.rps.toFixed(0),
      r.shop.p50.toFixed(1),
      r.shop.p99.toFixed(1),
      r.shop.errors,
      r.cpuMsPerRequest == null ? "-" : r.cpuMsPerRequest.toFixed(2),
      r.baseline.rps.toFixed(0),
      pct(r.ratio),
      targetText(r.target),
      r.met ? "yes" : "NO",
    ]),
  );
}

export type Summary = {
  rows: Row[];
  /** Every process of the shop, each one's peak added. */
  peakRssMb: number;
  /**
   * The workers alone (without the primary, which only forks and watches them), when there are
   * several: what the limit holds (issue 17 asks for the workers together).
   */
  workersPeakRssMb?: number;
  rssLimitMb: number;
  pageJs: { page: string; gzipBytes: number }[];
  jsLimitBytes: number;
};

/** One line: how many targets are met, the worst p99, the lowest ratio, peak RSS and the largest page JS. */
export function summaryLine(s: Summary): string {
  const met = s.rows.filter((r) => r.met).length;
  const worstP99 = s.rows.reduce((m, r) => Math.max(m, r.shop.p99), 0);
  const ratios = s.rows.map((r) => r.ratio).filter((r): r is number => r !== null);
  const minRatio = ratios.length ? Math.min(...ratios) : null;
  const maxJs = s.pageJs.reduce((m, j) => Math.max(m, j.gzipBytes), 0);
  const limited = s.workersPeakRssMb ?? s.peakRssMb;
  const rssOk = limited < s.rssLimitMb;
  const jsOk = s.pageJs.every((j) => j.gzipBytes <= s.jsLimitBytes);
  const allOk = met === s.rows.length && rssOk && jsOk;
  return (
    `bench: ${allOk ? "PASS" : "FAIL"} ${met}/${s.rows.length} URL targets met; ` +
    `worst p99 ${worstP99.toFixed(1)} ms; lowest ratio ${pct(minRatio)}; ` +
    (s.workersPeakRssMb === undefined
      ? `peak RSS ${s.peakRssMb.toFixed(0)} MB (limit ${s.rssLimitMb}); `
      : `peak RSS of the workers ${s.workersPeakRssMb.toFixed(0)} MB (limit ${s.rssLimitMb}), ` +
        `${s.peakRssMb.toFixed(0)} MB with the primary; `) +
    `max page JS ${kb(maxJs)} gzip (limit ${kb(s.jsLimitBytes)})`
  );
}

/**
 * Whether a URL's warm-up can end, given the requests per second of each round so far: when the
 * last `rounds` rounds each stayed within `tolerance` of the best round before them. A rendered page
 * keeps getting faster for tens of seconds after the server starts (V8 compiles its functions as
 * they grow hot): a logged-in home page went from 320 to 566 req/s over its first 25 s. A page
 * answered from the cache settles at once.
 */
export function warmUpDone(roundsRps: number[], rounds = 2, tolerance = 0.03): boolean {
  if (roundsRps.length <= rounds) return false;
  const best = Math.max(...roundsRps.slice(0, -rounds));
  return roundsRps.slice(-rounds).every((rps) => rps <= best * (1 + tolerance));
}

/**
 * A fixed piece of work timed on this machine, so that runs on different days can be compared:
 * gzip level 1 (what the shop uses for rendered pages) of the same 29 kB of page-like markup, in a
 * loop, in microseconds each. The rows' absolute figures (req/s, CPU per request) scale with it; a
 * shared machine that is slow that day shows it here. Measured before and after the rows.
 */
export function machineSpeed(): { gzipUs: number } {
  // Deterministic markup: product tiles with names and prices from a small linear generator.
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const words = ["winch", "bumper", "hilux", "jimny", "steel", "alloy", "led", "bar", "kit", "arb"];
  let html = "";
  while (html.length < 29_000) {
    const name = Array.from({ length: 3 }, () => words[next() % words.length]).join(" ");
    html += `<li class="tile"><a href="/product/${next() % 10000}"><img src="/uploads/p-${next() % 997}.webp" alt="${name}"><span>${name}</span><span class="price">₹${(next() % 90000) / 100}</span></a></li>\n`;
  }
  const body = Buffer.from(html);
  for (let i = 0; i < 500; i++) zlib.gzipSync(body, { level: 1 });
  const runs = 2000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) zlib.gzipSync(body, { level: 1 });
  return { gzipUs: Math.round(Number(process.hrtime.bigint() - start) / runs / 1000) };
}
