/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling, Debian's Chromium) on the home
 * page, a category and a product page of the production build, on a fresh 10,000-product database.
 * Prints the four category scores with LCP, TBT and CLS, and writes bench/lighthouse.json plus one
 * HTML report per page (bench/lighthouse-<page>.html).
 *
 * Options: --products N (10000), --runs R (1; the median run by performance score is kept),
 * --skip-build (reuse bench/tmp/build).
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import Database from "better-sqlite3";
import lighthouse from "lighthouse";
import { formatTable } from "./bench-lib";
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

const { values: opts } = parseArgs({
  options: {
    products: { type: "string", default: "10000" },
    runs: { type: "string", default: "1" },
    "skip-build": { type: "boolean", default: false },
  },
});

const DB_FILE = path.join(TMP, "lighthouse.db");
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100, cls: 0.05 };

const log = (msg: string) => console.log(`[lighthouse] ${msg}`);

type PageResult = {
  page: string;
  url: string;
  /** null when Lighthouse could not score the category (see `error`). */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  error: string | null;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
};

async function main() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (set CHROME_PATH)`);
  buildForProduction(opts["skip-build"], log);
  removeDatabase(DB_FILE);
  await generateCatalog({
    file: DB_FILE,
    products: Number(opts.products),
    uploadsDir: UPLOADS,
    log,
  });
  const productId = pickProduct(DB_FILE);

  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = startShop({ port, publicUrl: origin, databaseFile: DB_FILE, log });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    await waitFor(`${origin}/healthz`, 60_000);
    const pages = [
      { page: "home", url: `${origin}/` },
      { page: "category", url: `${origin}/category/wheels` },
      { page: "product", url: `${origin}/product/${productId}` },
    ];
    const results: PageResult[] = [];
    for (const { page, url } of pages) {
      // One unmeasured load, so every measured run sees a warm server.
      await (await fetch(url)).arrayBuffer();
      const runs: { result: PageResult; html: string }[] = [];
      for (let i = 0; i < Number(opts.runs); i++) {
        log(`${page}: ${url} (run ${i + 1})`);
        const out = await lighthouse(url, {
          port: chrome.port,
          output: "html",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!out) throw new Error(`Lighthouse returned nothing for ${url}`);
        const lhr = out.lhr;
        const score = (c: string) => {
          const value = lhr.categories[c]?.score;
          return typeof value === "number" ? Math.round(value * 100) : null;
        };
        const failing = Object.values(lhr.categories)
          .filter((c) => c.id !== "performance")
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
          .filter((a) => a.score !== null && a.score < 1)
          .map((a) => a.id);
        runs.push({
          html: String(out.report),
          result: {
            page,
            url: url.replace(origin, ""),
            scores: Object.fromEntries(
              CATEGORIES.map((c) => [c, score(c)]),
            ) as PageResult["scores"],
            lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
            tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
            cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
            failing: [...new Set(failing)],
            error: lhr.runtimeError
              ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
              : null,
          },
        });
      }
      runs.sort((a, b) => (a.result.scores.performance ?? 0) - (b.result.scores.performance ?? 0));
      const median = runs[Math.floor(runs.length / 2)];
      fs.writeFileSync(path.join(ROOT, "bench", `lighthouse-${page}.html`), median.html);
      results.push(median.result);
    }

    console.log("");
    console.log(
      formatTable(
        [
          "page",
          "performance",
          "accessibility",
          "best practices",
          "seo",
          "LCP ms",
          "TBT ms",
          "CLS",
        ],
        results.map((r) => [
          r.page,
          ...CATEGORIES.map((c) => r.scores[c] ?? "n/a"),
          r.lcpMs,
          r.tbtMs,
          r.cls.toFixed(3),
        ]),
      ),
    );
    for (const r of results)
      if (r.failing.length) console.log(`${r.page}: audits not passed: ${r.failing.join(", ")}`);
    for (const r of results) if (r.error) console.log(`${r.page}: Lighthouse error: ${r.error}`);
    const met = results.every(
      (r) =>
        (r.scores.performance ?? 0) >= TARGETS.performance &&
        (r.scores.accessibility ?? 0) >= TARGETS.accessibility &&
        (r.scores["best-practices"] ?? 0) >= TARGETS["best-practices"] &&
        (r.scores.seo ?? 0) >= TARGETS.seo &&
        r.cls < TARGETS.cls,
    );
    const summary =
      `lighthouse: ${met ? "PASS" : "FAIL"} ` +
      results
        .map(
          (r) =>
            `${r.page} ${CATEGORIES.map((c) => r.scores[c] ?? "n/a").join("/")} CLS ${r.cls.toFixed(3)}`,
        )
        .join("; ") +
      " (performance/accessibility/best practices/SEO; targets 95/100/95/100, CLS < 0.05)";
    fs.writeFileSync(
      path.join(ROOT, "bench", "lighthouse.json"),
      JSON.stringify(
        {
          date: new Date().toISOString(),
          settings: {
            formFactor: "mobile",
            throttling: "simulated",
            products: Number(opts.products),
            runs: Number(opts.runs),
          },
          results,
          summary,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(`\nwrote bench/lighthouse.json and bench/lighthouse-<page>.html`);
    console.log(summary);
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
  }
}

function pickProduct(file: string): number {
  const raw = new Database(file, { readonly: true });
  try {
    const row = raw
      .prepare(
        `select p.id from products p join categories c on c.id = p.category_id
         where c.slug = 'wheels' and p.hidden_at is null and p.stock > 0 order by p.id limit 1`,
      )
      .get() as { id: number } | undefined;
    if (!row) throw new Error("no wheel in stock in the generated catalogue");
    return row.id;
  } finally {
    raw.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
