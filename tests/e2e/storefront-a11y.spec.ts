import { createRequire } from "node:module";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";

// axe-core is the engine of Lighthouse's accessibility audits; run here, it names the failing elements.
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

type Violation = { id: string; nodes: { target: string[]; failureSummary?: string }[] };

async function axeViolations(page: Page): Promise<string[]> {
  // evaluate() is not subject to the page's Content-Security-Policy, unlike a <script> tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      // Experimental rules too: label-content-name-mismatch (a link's visible text in its name) is one.
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag22aa", "best-practice", "experimental"],
      },
    });
    return result.violations;
  });
  return violations.map(
    (v: Violation) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

const PHONE = { width: 412, height: 823 };

test.use({ viewport: PHONE });

// axe runs inside the page, so these audits need JavaScript; the no-JS markup differs only in the gallery's dots
// (links of the same size as the buttons) and the hero's scroll strip.
const axeNeedsJs = (projectName: string) =>
  test.skip(projectName === "no-js", "axe runs as page script");

test("the category page has no accessibility violations (contrast, heading order)", async ({
  page,
}, testInfo) => {
  axeNeedsJs(testInfo.project.name);
  await page.goto("/category/wheels");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Products in");
  expect(await axeViolations(page)).toEqual([]);
});

test("the product page has no accessibility violations (contrast, tap targets)", async ({
  page,
}, testInfo) => {
  axeNeedsJs(testInfo.project.name);
  await page.goto("/category/wheels");
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/product\/\d+/);
  await expect(page.getByRole("button", { name: /Add to cart|Sold Out/ })).toBeVisible();
  // Audited with the gallery's Swiper running.
  await expect(page.getByRole("region", { name: "Product images" }).locator(".swiper")).toHaveClass(
    /swiper-initialized/,
  );
  expect(await axeViolations(page)).toEqual([]);
});

test("the product page fits a phone's width and its gallery does not move while loading", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
        w.shifts += e.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/category/wheels");
  const href = await page.getByRole("article").first().getByRole("link").getAttribute("href");
  await page.goto(href!, { waitUntil: "networkidle" });
  const gallery = page.getByRole("region", { name: "Product images" });
  await expect(gallery).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  const box = await gallery.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  // No layout shift at all (the observer is not available with JavaScript off: then 0 by construction).
  expect(
    await page.evaluate(() => (window as unknown as { shifts?: number }).shifts ?? 0),
  ).toBeLessThan(0.01);
});

test("the home page has no accessibility violations (landmarks, scrollable regions)", async ({
  page,
}, testInfo) => {
  axeNeedsJs(testInfo.project.name);
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 2, name: "Popular Category" })).toBeVisible();
  // Audited with both Swipers running, the hero's autoplay too (a runaway Swiper once hung these audits: decision 0005).
  await expect(page.locator(".swiper.swiper-initialized")).toHaveCount(2);
  const started = Date.now();
  expect(await axeViolations(page)).toEqual([]);
  expect(Date.now() - started).toBeLessThan(15_000);
});
