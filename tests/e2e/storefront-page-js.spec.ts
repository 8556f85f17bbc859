import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";

// The JavaScript a page loads, as `npm run bench` counts it: every script Chromium fetches for the
// page (entry, route modules, chunks imported later such as Swiper), each gzipped at level 9.
const BUDGET_BYTES = 130_000;
const PHONE = { width: 412, height: 823 };

test.use({ viewport: PHONE });

type Loaded = { url: string; gzipBytes: number; swiper: boolean };

async function loadAndCollect(
  page: Page,
  url: string,
  ready: () => Promise<void>,
): Promise<Loaded[]> {
  const scripts = new Map<string, Promise<Loaded>>();
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script" || scripts.has(res.url())) return;
    scripts.set(
      res.url(),
      res.body().then((body) => ({
        url: new URL(res.url()).pathname,
        gzipBytes: zlib.gzipSync(body, { level: 9 }).length,
        // Swiper's core (one of its default parameters), whatever its chunk is called.
        swiper: body.includes("touchStartPreventDefault"),
      })),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await ready();
  // Scroll through the page, as a shopper would, so anything loaded on the way counts too.
  await page.mouse.wheel(0, 4000);
  await page.waitForLoadState("networkidle");
  return Promise.all(scripts.values());
}

const total = (loaded: Loaded[]) => loaded.reduce((sum, s) => sum + s.gzipBytes, 0);
const describe = (loaded: Loaded[]) =>
  loaded.map((s) => `${s.url} ${(s.gzipBytes / 1000).toFixed(1)} kB`).join(", ");

test("the home and product pages, with Swiper running, load at most 130 kB of JavaScript (gzip)", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "counts the JavaScript a page loads");
  const home = await loadAndCollect(page, "/", () =>
    expect(page.getByRole("region", { name: "Featured" }).locator(".swiper")).toHaveClass(
      /swiper-initialized/,
    ),
  );
  expect(
    home.some((s) => s.swiper),
    describe(home),
  ).toBe(true);
  expect(total(home), describe(home)).toBeLessThanOrEqual(BUDGET_BYTES);

  const href = await page
    .getByRole("region", { name: "Trending Products" })
    .locator("article a")
    .first()
    .getAttribute("href");
  const product = await loadAndCollect(page, href!, () =>
    expect(page.getByRole("region", { name: "Product images" }).locator(".swiper")).toHaveClass(
      /swiper-initialized/,
    ),
  );
  expect(
    product.some((s) => s.swiper),
    describe(product),
  ).toBe(true);
  expect(total(product), describe(product)).toBeLessThanOrEqual(BUDGET_BYTES);
});

test("pages without a slider do not load Swiper", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "counts the JavaScript a page loads");
  for (const url of ["/category/wheels", "/all-products", "/vehicles", "/cart", "/about"]) {
    const loaded = await loadAndCollect(page, url, () =>
      expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
    );
    expect(loaded.length, url).toBeGreaterThan(0);
    expect(
      loaded.filter((s) => s.swiper).map((s) => s.url),
      url,
    ).toEqual([]);
  }
});

test("the sliders break no rule of the Content-Security-Policy, and only their pages get Swiper's styles", async ({
  page,
}) => {
  // Each refused inline style or script fires this event; collected from before the page's own scripts run.
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) console.push(m.text());
  });
  const js = test.info().project.name === "js";
  const swiperStyles = () =>
    page.evaluate(() =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((r) => r.cssText.includes(".swiper-wrapper")),
      ),
    );

  await page.goto("/", { waitUntil: "networkidle" });
  const hero = page.getByRole("region", { name: "Featured" }).locator(".swiper");
  if (js) {
    await expect(hero).toHaveClass(/swiper-initialized/);
    // Swiper has set its styles (through the CSSOM) on the slides.
    await expect(hero.locator(".swiper-slide").first()).toHaveAttribute("style", /width/);
    await page
      .getByRole("region", { name: "Featured" })
      .getByRole("button", { name: "Go to slide 2" })
      .click();
  }
  expect(await swiperStyles()).toBe(true);

  await page.goto("/category/wheels", { waitUntil: "networkidle" });
  expect(await swiperStyles()).toBe(false);
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/product\/\d+/);
  if (js)
    await expect(
      page.getByRole("region", { name: "Product images" }).locator(".swiper"),
    ).toHaveClass(/swiper-initialized/);
  expect(await swiperStyles()).toBe(true);

  expect(
    js ? await page.evaluate(() => (window as unknown as { violations: string[] }).violations) : [],
  ).toEqual([]);
  expect(console).toEqual([]);
});
