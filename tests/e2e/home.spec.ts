import { expect, test } from "@playwright/test";

test("the home page shows the newest products from the database", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Trending Products" })).toBeVisible();
  await expect(page.locator("article")).toHaveCount(4);
  // Each tile leads to its product page by numeric id.
  const hrefs = await page
    .locator("article a")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(hrefs.length).toBeGreaterThanOrEqual(4);
  for (const href of hrefs) expect(href).toMatch(/^\/product\/\d+$/);
  // A tile's image is really served. Other tests add and delete products meanwhile: a tile of a
  // product deleted since the page was rendered is looked for again on a fresh page.
  await expect(async () => {
    await page.goto("/");
    const src = await page.locator("article img").first().getAttribute("src");
    expect(src).toMatch(/^\/uploads\/.+\.webp$/);
    const image = await page.request.get(src!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
  }).toPass({ timeout: 30_000 });
});

test("an unknown address answers 404 with a way back", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the shop" })).toBeVisible();
});

test("healthz answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
