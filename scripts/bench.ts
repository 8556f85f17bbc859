/**
 * `npm run bench`: how fast the shop answers, measured against what plain HTTP manages on the
 * same machine in the same run (figures on a shared machine drift; their ratio does not).
 *
 * 1. builds the shop for production into bench/tmp/build;
 * 2. generates a 10,000-product catalogue into a fresh temporary database;
 * 3. starts the shop the way `npm start` does (NODE_ENV=production) on that database;
 * 4. records the exact bytes the shop answers for each URL under load (a cached page as a
 *    compressed hit) and starts a baseline server (plain node:http) that replays them;
 * 5. for each URL, with autocannon on loopback: a warm-up until its throughput settles (--warmup
 *    seconds, then rounds of 2 s until two in a row set no new best, 30 s at most), then 10 s at 32
 *    connections against the shop and then against the baseline;
 * 6. prints a table, writes bench/results.json and ends with one summary line. It also reports the
 *    shop's CPU time per request and peak RSS (all its processes: SHOP_WORKERS workers and their
 *    primary, each one's peak while the URLs are measured, added) and the gzip size of the
 *    JavaScript each page loads.
 *
 * Pages are measured anonymous, with a vehicle cookie, and logged in with a cart of three lines, a
 * saved address and an order. The same page under another cookie gets a parameter no route reads
 * (`as=`), so the baseline can replay each answer by its URL.
 *
 * Options: --products N (10000), --duration S (10), --connections C (32), --warmup S (3, the
 * warm-up before its rounds), --skip-build (reuse bench/tmp/build), --only name[,name] (just those
 * URLs), --engine postgres (the same catalogue moved into a throwaway PostgreSQL cluster by `shop
 * migrate-to-postgres`; writes bench/results-postgres.json), --profile DIR (each shop process
 * writes a V8 CPU profile there as it stops: open it in Chrome's DevTools or read it with
 * scripts/profile-summary.ts), --node-flags "FLAGS" (Node's or V8's flags for the shop's processes,
 * which its workers inherit). SHOP_WORKERS is passed on.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import pg from "pg";
import {
  cpuMsPerRequest,
  formatResults,
  formatTable,
  machineSpeed,
  makeRow,
  parseAutocannon,
  scriptUrlsFromHtml,
  summaryLine,
  warmUpDone,
  type AutocannonResult,
  type Row,
  type Target,
} from "./bench-lib";
import {
  buildForProduction,
  freePort,
  removeDatabase,
  ROOT,
  startShop,
  TMP,
  UPLOADS,
  waitFor,
} from "./bench-support";
import { generateCatalog } from "./generate-catalog";
import { startCluster } from "./postgres-cluster.mjs";
import { migrateToPostgres } from "./shop/migrate-to-postgres";

const { values: opts } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    warmup: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    only: { type: "string" },
    server: { type: "string", default: "own" },
    engine: { type: "string", default: "sqlite" },
    profile: { type: "string" },
    "node-flags": { type: "string" },
  },
});
const POSTGRES = opts.engine === "postgres";
const PRODUCTS = Number(opts.products);
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const WARMUP = Number(opts.warmup);
const WARMUP_ROUND = 2;
const MAX_WARMUP = 30;

const DB_FILE = path.join(TMP, "shop.db");
const RESULTS = path.join(ROOT, "bench", POSTGRES ? "results-postgres.json" : "results.json");
const RSS_LIMIT_MB = 400;
// A page with a slider loads Swiper (about 24 kB gzip) on top of the rest: 130 kB per page (decision record 0005).
const JS_LIMIT_BYTES = 130_000;
/** What a browser sends; the shop may compress, and the baseline replays whatever it sent. */
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-IN,en;q=0.9",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
};

const HTML: Target = { p99Ms: 50 };
const HTML_RATIO: Target = { p99Ms: 50, minRatio: 0.3 };
const SEARCH: Target = { p99Ms: 20 };
const ALL_PRODUCTS: Target = { p99Ms: 100 };

const LOGGED_IN: Target = { p99Ms: 100 };

type Page = {
  name: string;
  url: string;
  target: Target;
  loggedIn?: boolean;
  vehicle?: boolean;
  html?: boolean;
};

const log = (msg: string) => console.log(`[bench] ${msg}`);

async function main() {
  buildForProduction(opts["skip-build"], log);
  removeDatabase(DB_FILE);
  log(`generating ${PRODUCTS} products`);
  await generateCatalog({
    file: DB_FILE,
    products: PRODUCTS,
    uploadsDir: UPLOADS,
    log: (m) => log(m),
  });
  const sample = pickSamples(DB_FILE);
  const cluster = POSTGRES ? startCluster({ port: await freePort() }) : undefined;
  let databaseUrl = DB_FILE;
  if (cluster) {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database shop_bench");
    await admin.end();
    databaseUrl = cluster.url.replace(/\/postgres$/, "/shop_bench");
    log("moving the catalogue to PostgreSQL");
    await migrateToPostgres(DB_FILE, databaseUrl);
  }

  const shopPort = await freePort();
  const origin = `http://127.0.0.1:${shopPort}`;
  const server = opts.server === "remix-serve" ? "remix-serve" : "own";
  const shop = startShop({
    port: shopPort,
    publicUrl: origin,
    databaseFile: databaseUrl,
    server,
    nodeArgs: [
      ...(opts["node-flags"]?.split(/\s+/).filter(Boolean) ?? []),
      ...(opts.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(opts.profile)}`] : []),
    ],
    log,
  });
  let baseline: ChildProcess | undefined;
  const rssSamples: number[] = [];
  const pssSamples: number[] = [];
  const rssTimer = setInterval(() => {
    rssSamples.push(readRss(shop.pid));
    pssSamples.push(readPss(shop.pid));
  }, 250);
  let peakRssKb = 0;
  const peakTimer = setInterval(
    () => (peakRssKb = Math.max(peakRssKb, readPeakRss(shop.pid))),
    1000,
  );
  try {
    await waitFor(`${origin}/healthz`, 60_000);
    log(`shop is up on ${origin} (pid ${shop.pid})`);
    const shopper = await logIn(origin, sample.cartProductIds);
    const cookie = shopper?.cookie;
    const vehicleCookie = `vehicle=${encodeURIComponent(Buffer.from(JSON.stringify(sample.vehicle)).toString("base64"))}`;
    const pageHeaders = (page: Page): Record<string, string> => {
      const cookies = [
        page.loggedIn ? cookie : undefined,
        page.vehicle ? vehicleCookie : undefined,
      ].filter(Boolean);
      return cookies.length > 0
        ? { ...BROWSER_HEADERS, cookie: cookies.join("; ") }
        : BROWSER_HEADERS;
    };

    const all: Page[] = [
      { name: "home", url: "/", target: HTML, html: true },
      {
        name: "all-products (filtered, p3)",
        url: `/all-products?category=wheels&category=suspension&category=lights&min=1000&max=500000&page=3`,
        target: HTML,
        html: true,
      },
      { name: "category wheels", url: "/category/wheels", target: HTML_RATIO, html: true },
      { name: "product", url: `/product/${sample.productId}`, target: HTML_RATIO, html: true },
      {
        name: "search page",
        url: "/search?q=winch",
        target: { p99Ms: Math.min(HTML.p99Ms!, SEARCH.p99Ms!) },
        html: true,
      },
      { name: "search (header)", url: headerSearchUrl("winch"), target: SEARCH },
      { name: "api allProducts (full)", url: "/api/v1/allProducts", target: ALL_PRODUCTS },
      {
        name: "api allProducts (paged)",
        url: "/api/v1/allProducts?page=2&limit=24",
        target: ALL_PRODUCTS,
      },
      { name: "api search", url: "/api/v1/search?query=arb", target: SEARCH },
      {
        name: "home (vehicle)",
        url: "/?as=vehicle",
        target: HTML_RATIO,
        vehicle: true,
        html: true,
      },
      {
        name: "category wheels (vehicle)",
        url: "/category/wheels?as=vehicle",
        target: HTML_RATIO,
        vehicle: true,
        html: true,
      },
      {
        name: "product (vehicle)",
        url: `/product/${sample.productId}?as=vehicle`,
        target: HTML_RATIO,
        vehicle: true,
        html: true,
      },
      {
        name: "home (logged in)",
        url: "/?as=shopper",
        target: LOGGED_IN,
        loggedIn: true,
        html: true,
      },
      {
        name: "product (logged in)",
        url: `/product/${sample.productId}?as=shopper`,
        target: LOGGED_IN,
        loggedIn: true,
        html: true,
      },
      { name: "cart (logged in)", url: "/cart", target: LOGGED_IN, loggedIn: true, html: true },
      {
        name: "checkout step 2 (logged in)",
        url: `/checkout?step=summary&address=${shopper?.addressId ?? 0}`,
        target: LOGGED_IN,
        loggedIn: true,
        html: true,
      },
      {
        name: "order page (logged in)",
        url: `/order/${shopper?.orderId ?? 0}`,
        target: LOGGED_IN,
        loggedIn: true,
        html: true,
      },
    ];
    const only = opts.only?.split(",").map((s) => s.trim());
    const pages = only ? all.filter((p) => only.some((o) => p.name.startsWith(o))) : all;

    // Record the exact bytes the shop answers under load (a cached page as a hit, compressed as
    // its later hits are), and hand them to the baseline.
    const recordings: Record<
      string,
      { status: number; headers: http.IncomingHttpHeaders; body: string }
    > = {};
    const headerRows: string[][] = [];
    for (const page of pages) {
      const res = await steadyAnswer(origin + page.url, pageHeaders(page));
      if (res.status !== 200) log(`warning: ${page.url} answered ${res.status}`);
      recordings[page.url] = {
        status: res.status,
        headers: res.headers,
        body: res.body.toString("base64"),
      };
      headerRows.push([
        page.name,
        String(res.status),
        String(res.headers["content-encoding"] ?? "-"),
        res.headers.etag ? "yes" : "-",
        String(res.headers["cache-control"] ?? "-"),
      ]);
    }
    const recordFile = path.join(TMP, "recordings.json");
    fs.writeFileSync(recordFile, JSON.stringify(recordings));
    const basePort = await freePort();
    baseline = spawn(
      process.execPath,
      [path.join(ROOT, "scripts", "bench-baseline.mjs"), recordFile, String(basePort)],
      {
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    await waitFor(`http://127.0.0.1:${basePort}/__ready`, 10_000, true);

    // Peak RSS counts from here: the setup's sign-up and login each hash a password with scrypt,
    // which takes 128 MiB for a moment by design (app/utils/password.server.ts), in whichever
    // worker answers; the rows measure the pages.
    resetPeakRss(shop.pid);
    peakRssKb = 0;
    const speedBefore = machineSpeed();
    log(`machine speed: gzip level 1 of 29 kB takes ${speedBefore.gzipUs} µs`);
    const rows: Row[] = [];
    const rssByPage: Record<string, number> = {};
    const pssByPage: Record<string, number> = {};
    for (const page of pages) {
      rssSamples.splice(0);
      pssSamples.splice(0);
      const headers = pageHeaders(page);
      log(`${page.name}: ${page.url}`);
      const warmupSeconds = await warmUp(origin + page.url, headers);
      const ticksBefore = cpuTicks(shop.pid);
      const shopResult = parseAutocannon(await load(origin + page.url, headers, DURATION));
      const ticks = cpuTicks(shop.pid) - ticksBefore;
      await load(`http://127.0.0.1:${basePort}${page.url}`, headers, Math.min(WARMUP, 2));
      const baseResult = parseAutocannon(
        await load(`http://127.0.0.1:${basePort}${page.url}`, headers, DURATION),
      );
      const bytes = Buffer.from(recordings[page.url].body, "base64").length;
      const row = makeRow(page.name, page.url, bytes, shopResult, baseResult, page.target);
      row.cpuMsPerRequest = cpuMsPerRequest(ticks, shopResult.requests);
      row.warmupSeconds = warmupSeconds;
      rows.push(row);
      // The shop's largest resident set while this URL was under load, and its proportional set.
      rssByPage[page.name] = Math.round(Math.max(0, ...rssSamples.splice(0)) / 1024);
      pssByPage[page.name] = Math.round(Math.max(0, ...pssSamples.splice(0)) / 1024);
      log(
        `  shop ${row.shop.rps.toFixed(0)} req/s p99 ${row.shop.p99} ms, baseline ${row.baseline.rps.toFixed(0)} req/s, ` +
          `ratio ${row.ratio === null ? "n/a" : (row.ratio * 100).toFixed(1) + "%"}, CPU ${row.cpuMsPerRequest ?? "-"} ms/req, ` +
          `after ${warmupSeconds} s of warm-up` +
          `${row.shop.errors ? `, ${row.shop.errors} errors` : ""}`,
      );
    }

    const speedAfter = machineSpeed();
    const pageJs = await measurePageJs(
      origin,
      pages.filter((p) => p.html),
      cookie,
    );
    clearInterval(rssTimer);
    clearInterval(peakTimer);
    const peakRssMb = Math.max(peakRssKb, readPeakRss(shop.pid)) / 1024;
    // Each process's own peak: the first is the one started (with several workers, the primary).
    const peakRssMbByProcess = shopPids(shop.pid).map((p) =>
      Math.round(readStatus(p, "VmHWM") / 1024),
    );

    console.log("");
    console.log(
      `Shop vs baseline, ${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION} s each (${os.cpus().length} CPUs, Node ${process.version}; ` +
        `machine speed: gzip level 1 of 29 kB ${speedBefore.gzipUs} µs before the rows, ${speedAfter.gzipUs} µs after)`,
    );
    console.log(formatResults(rows));
    console.log("");
    console.log(formatTable(["page", "status", "encoding", "etag", "cache-control"], headerRows));
    console.log("");
    console.log(
      formatTable(
        ["page JavaScript", "files", "gzip"],
        pageJs.map((j) => [j.page, String(j.files), `${(j.gzipBytes / 1000).toFixed(1)} kB`]),
      ),
    );
    console.log(
      `\nshop peak RSS: ${peakRssMb.toFixed(0)} MB (each process: ${peakRssMbByProcess.join(" + ")} MB; ` +
        `largest while under load: ` +
        Object.entries(rssByPage)
          .map(([name, mb]) => `${name} ${mb} MB`)
          .join(", ") +
        ")",
    );
    console.log(
      `shop peak PSS (pages its processes share counted once): ${Math.max(0, ...Object.values(pssByPage))} MB`,
    );

    // With several workers, the first process is the primary.
    const workersPeakRssMb =
      peakRssMbByProcess.length > 1
        ? peakRssMbByProcess.slice(1).reduce((sum, mb) => sum + mb, 0)
        : undefined;
    const summary = summaryLine({
      rows,
      peakRssMb,
      workersPeakRssMb,
      rssLimitMb: RSS_LIMIT_MB,
      pageJs,
      jsLimitBytes: JS_LIMIT_BYTES,
    });
    fs.writeFileSync(
      RESULTS,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: {
            cpus: os.cpus().length,
            node: process.version,
            platform: `${os.platform()} ${os.release()}`,
            gzipUsBefore: speedBefore.gzipUs,
            gzipUsAfter: speedAfter.gzipUs,
          },
          settings: {
            products: PRODUCTS,
            connections: CONNECTIONS,
            durationSeconds: DURATION,
            warmupSeconds: WARMUP,
            warmupRoundSeconds: WARMUP_ROUND,
            maxWarmupSeconds: MAX_WARMUP,
          },
          rows,
          headers: headerRows.map(([page, status, encoding, etag, cacheControl]) => ({
            page,
            status,
            encoding,
            etag,
            cacheControl,
          })),
          peakRssMb: Math.round(peakRssMb),
          peakRssMbByProcess,
          workersPeakRssMb,
          rssMbWhileLoading: rssByPage,
          pssMbWhileLoading: pssByPage,
          pageJs,
          summary,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`\nwrote ${path.relative(ROOT, RESULTS)}`);
    console.log(summary);
  } finally {
    clearInterval(rssTimer);
    clearInterval(peakTimer);
    baseline?.kill("SIGTERM");
    shop.kill("SIGTERM");
    if (cluster) {
      if (shop.exitCode === null) await new Promise((resolve) => shop.once("exit", resolve));
      cluster.stop();
    }
  }
}

/** The product page to measure (a wheel: colours, sizes, recommendations) and one to put in the cart. */
function pickSamples(file: string) {
  const raw = new Database(file, { readonly: true });
  try {
    const wheel = raw
      .prepare(
        `select p.id from products p join categories c on c.id = p.category_id
         where c.slug = 'wheels' and p.hidden_at is null and p.stock > 0
           and exists (select 1 from product_sizes s where s.product_id = p.id)
         order by p.id limit 1 offset 50`,
      )
      .get() as { id: number } | undefined;
    const any = raw
      .prepare("select id from products where hidden_at is null and stock > 0 order by id limit 1")
      .get() as { id: number } | undefined;
    const productId = wheel?.id ?? any?.id;
    if (!productId) throw new Error("the generated catalogue has no product in stock");
    // Three products a cart takes as they are: no size or colour to choose, stock to spare.
    const cartProductIds = raw
      .prepare(
        `select id from products where stock >= 20 and hidden_at is null
           and id not in (select product_id from product_sizes)
           and id not in (select product_id from product_colors group by product_id having count(*) > 1)
         order by id limit 3`,
      )
      .pluck()
      .all() as number[];
    const vehicle = raw
      .prepare("select slug from vehicles order by id limit 1")
      .pluck()
      .get() as string;
    return { productId, cartProductIds, vehicle };
  } finally {
    raw.close();
  }
}

/**
 * Registers a customer, logs in through the login form, and through the API puts three products in
 * the cart, saves an address and places an order (a Buy Now, so the cart keeps its lines).
 */
async function logIn(
  origin: string,
  productIds: number[],
): Promise<{ cookie: string; addressId: number; orderId: number } | undefined> {
  const email = `bench-${Date.now()}@example.com`;
  const password = "bench-password-123";
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attributes] = c.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      // A cookie cleared (Max-Age=0) is gone, as it is from a browser.
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
  };
  const post = async (url: string, fields: Record<string, string>) => {
    const page = await fetch(origin + url, { headers: { cookie: cookie() }, redirect: "manual" });
    keep(page);
    const form = new URLSearchParams({ ...hiddenInputs(await page.text()), ...fields });
    const res = await fetch(origin + url, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { cookie: cookie(), origin, "content-type": "application/x-www-form-urlencoded" },
    });
    keep(res);
    return res;
  };
  const signup = await post("/signup", { email, password, confirmPassword: password });
  if (signup.status >= 400) {
    log(`warning: /signup answered ${signup.status}; trying the API`);
    await fetch(`${origin}/api/v1/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password }),
    });
  }
  const login = await post("/login", { email, password });
  if (login.status >= 400 || jar.size === 0) {
    log(`warning: could not log in (${login.status}); /cart will be measured logged out`);
    return undefined;
  }
  // The page the login leads to, as a browser follows it: it shows (and clears) the login's
  // toast, so the shopper's later pages carry only the session, not a toast on each one.
  keep(
    await fetch(new URL(login.headers.get("location") ?? "/", origin), {
      headers: { cookie: cookie() },
      redirect: "manual",
    }),
  );
  const api = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(origin + url, {
      method: "POST",
      body: JSON.stringify(body),
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    if (res.status >= 400) log(`warning: ${url} answered ${res.status}`);
    return res.json();
  };
  const { token } = await api("/api/v1/login", { email, password });
  for (const productId of productIds)
    await api("/api/v1/cart/addItem", { productId, quantity: 1 }, token);
  const { address } = await api(
    "/api/v1/billing",
    {
      fullName: "Bench Shopper",
      phone: "+91 94470 12345",
      address1: "Marine Drive",
      address2: "",
      city: "Kochi",
      state: "Kerala",
      postalCode: "682031",
      country: "India",
    },
    token,
  );
  const { orderId } = await api(
    "/api/v1/checkout/create-order",
    {
      billingAddressId: address?.id,
      checkoutType: "single",
      productId: productIds[0],
      quantity: 1,
    },
    token,
  );
  return { cookie: cookie(), addressId: address?.id, orderId };
}

function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const tag of html.match(/<input\b[^>]*type="hidden"[^>]*>/gi) ?? []) {
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
    if (name) out[name] = value.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
  }
  return out;
}

/** What the header's search box fetches as you type: /api/v1/search through a fetcher (single fetch). */
function headerSearchUrl(q: string): string {
  return `/api/v1/search.data?query=${encodeURIComponent(q)}&_routes=${encodeURIComponent("routes/api.v1.search")}`;
}

/**
 * Loads the URL until the shop answers it as fast as it will (`warmUpDone`): --warmup seconds, then
 * rounds of 2 s, 30 s at most all told. Returns the seconds spent.
 */
async function warmUp(url: string, headers: Record<string, string>): Promise<number> {
  await load(url, headers, WARMUP);
  let spent = WARMUP;
  const roundsRps: number[] = [];
  while (spent + WARMUP_ROUND <= MAX_WARMUP && !warmUpDone(roundsRps)) {
    roundsRps.push(parseAutocannon(await load(url, headers, WARMUP_ROUND)).rps);
    spent += WARMUP_ROUND;
  }
  return spent;
}

function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers, timeout: 10 },
      (err, result) => (err ? reject(err) : resolve(result as unknown as AutocannonResult)),
    );
  });
}

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on("error", reject);
        })
        .on("error", reject);
    },
  );
}

/**
 * The answer a URL gets once the shop's page cache holds it: a cached page is asked again until it
 * comes from the cache with its Brotli variant (made off the event loop after the first answer,
 * which is gzip), which is what every hit under load gets. A page that is not cached (no
 * `x-cache`) is taken at once.
 */
async function steadyAnswer(url: string, headers: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const res = await rawGet(url, headers);
    const cache = res.headers["x-cache"];
    const settled = res.headers["content-encoding"] === "br" || res.body.length < 1024;
    if (cache === undefined || (cache === "hit" && settled)) return res;
    if (attempt === 40) {
      log(`warning: ${url} was not answered from the cache compressed after ${attempt} tries`);
      return res;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Gzip size of the JavaScript each page loads, as Chromium fetches it (module preloads and lazy chunks). */
async function measurePageJs(origin: string, pages: Page[], cookie: string | undefined) {
  const out: { page: string; files: number; gzipBytes: number }[] = [];
  const gzipSize = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
  const chromiumPath = "/usr/bin/chromium";
  if (fs.existsSync(chromiumPath)) {
    const { chromium } = await import("@playwright/test");
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
    try {
      for (const page of pages) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
        });
        if (page.loggedIn && cookie) {
          await context.addCookies(
            cookie.split("; ").map((c) => {
              const eq = c.indexOf("=");
              return { name: c.slice(0, eq), value: c.slice(eq + 1), url: origin };
            }),
          );
        }
        const tab = await context.newPage();
        const scripts = new Map<string, Promise<number>>();
        tab.on("response", (res) => {
          if (res.request().resourceType() === "script" && !scripts.has(res.url())) {
            scripts.set(
              res.url(),
              res.body().then(gzipSize, () => 0),
            );
          }
        });
        await tab.goto(origin + page.url, { waitUntil: "networkidle" });
        // Let hydration and on-demand chunks (sliders) run, on a busy machine too, then scroll.
        await tab.waitForTimeout(2000);
        await tab.mouse.wheel(0, 4000);
        await tab.waitForTimeout(1000);
        await tab.waitForLoadState("networkidle");
        const sizes = await Promise.all(scripts.values());
        out.push({
          page: page.name,
          files: sizes.length,
          gzipBytes: sizes.reduce((a, b) => a + b, 0),
        });
        await context.close();
      }
      return out;
    } finally {
      await browser.close();
    }
  }
  log("no Chromium: counting the scripts named in each page's HTML");
  for (const page of pages) {
    const html = await (
      await fetch(origin + page.url, { headers: page.loggedIn && cookie ? { cookie } : {} })
    ).text();
    const urls = scriptUrlsFromHtml(html);
    let total = 0;
    for (const u of urls)
      total += gzipSize(Buffer.from(await (await fetch(new URL(u, origin))).arrayBuffer()));
    out.push({ page: page.name, files: urls.length, gzipBytes: total });
  }
  return out;
}

/** The shop's processes: the one started and its children (the workers, with SHOP_WORKERS). */
function shopPids(pid: number | undefined): number[] {
  if (!pid) return [];
  try {
    const children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return [pid, ...children.map(Number)];
  } catch {
    return [pid];
  }
}

/** Current resident set of the shop's processes together, in kB (0 once they are gone). */
function readRss(pid: number | undefined): number {
  return shopPids(pid).reduce((sum, p) => sum + readStatus(p, "VmRSS"), 0);
}

/**
 * Proportional set size of the shop's processes, added, in kB: a page shared by the workers (Node's
 * own code, the app's files) counts once in all, not once in each as in their RSS.
 */
function readPss(pid: number | undefined): number {
  return shopPids(pid).reduce((sum, p) => {
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${p}/smaps_rollup`, "utf8"));
      return sum + (m ? Number(m[1]) : 0);
    } catch {
      return sum; // gone
    }
  }, 0);
}

/** Sets each process's peak resident set (VmHWM) back to its current one (Linux's clear_refs). */
function resetPeakRss(pid: number | undefined) {
  for (const p of shopPids(pid)) {
    try {
      fs.writeFileSync(`/proc/${p}/clear_refs`, "5");
    } catch {
      // gone, or not ours to reset: its peak since start stays
    }
  }
}

/** Peak resident set of the shop's processes (each one's peak, added), in kB, as the kernel counted it. */
function readPeakRss(pid: number | undefined): number {
  return shopPids(pid).reduce((sum, p) => sum + readStatus(p, "VmHWM"), 0);
}

/** CPU time (user and system clock ticks) the shop's processes have used so far. */
function cpuTicks(pid: number | undefined): number {
  let ticks = 0;
  for (const p of shopPids(pid)) {
    try {
      // After the command name (in parentheses): fields 14 and 15 of the line are utime and stime.
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks;
}

function readStatus(pid: number | undefined, field: string): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
