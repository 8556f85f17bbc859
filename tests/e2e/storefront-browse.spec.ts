import { expect, test, type APIRequestContext, type Locator, type Route } from "@playwright/test";
import { findProduct } from "./storefront-support";

test("the layout: header links, guest login, cart, footer, WhatsApp button", async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "Brands", "Vehicles", "About", "Contact Us"]) {
    await expect(main.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fabout",
  );
  await expect(page.getByRole("link", { name: "Cart" })).toHaveAttribute("href", "/cart");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText("09:00AM-07:00PM")).toBeVisible();
  await expect(
    footer.getByText(`Copyright © 2024–${new Date().getFullYear()} Overland 4x4 Gear.`),
  ).toBeVisible();
  await expect(footer.getByRole("link", { name: "Old Man EMU" })).toHaveAttribute(
    "href",
    "/oldman",
  );
  await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d+/,
  );
  // Every image says what it shows (or is marked decorative).
  expect(await page.locator("img:not([alt])").count()).toBe(0);
});

test("logging in from the header comes back to the page the shopper was on", async ({
  page,
  request,
}) => {
  const email = `header-login-${Date.now()}-${process.pid}@example.com`;
  const password = "overland-trail-42";
  expect((await request.post("/api/v1/register", { data: { email, password } })).status()).toBe(
    201,
  );
  const wheel = await findProduct(request, "wheels", (p) => p.colors.length > 1);
  const colour = wheel.colors[1].name;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/product/${wheel.id}?${new URLSearchParams({ color: colour })}`);
  await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(`/product/${wheel.id}?${new URLSearchParams({ color: colour })}`, {
    timeout: 25_000,
  });
  await expect(page.getByText(`Colour: ${colour}`).first()).toBeVisible();
});

test("the home page: hero, 8 categories, trending, builds, vehicles, why us, brand marquee", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Featured" })).toBeVisible();
  const categories = page.getByRole("region", { name: "Popular Category" }).getByRole("link");
  await expect(categories).toHaveCount(8);
  await expect(categories.first()).toHaveAttribute("href", "/category/wheels");
  const trending = page.getByRole("region", { name: "Trending Products" });
  await expect(trending.locator("article")).toHaveCount(4);
  await expect(trending.getByRole("link", { name: "View All" })).toHaveAttribute(
    "href",
    "/all-products",
  );
  await expect(page.locator('a[href="/vehicles/suzuki_jimny?img=0"]')).toHaveCount(1);
  const vehicles = page.getByRole("region", { name: "Explore by vehicle" });
  await expect(vehicles.getByRole("link", { name: "TOYOTA HILUX" })).toHaveAttribute(
    "href",
    "/vehicles/toyota_hilux?img=1",
  );
  await expect(vehicles.getByRole("link", { name: "ISUZU D-MAX" })).toHaveAttribute(
    "href",
    "/vehicles/isuzu_dmax",
  );
  await expect(
    page.getByRole("region", { name: "Why Choose Us?" }).getByRole("listitem"),
  ).toHaveCount(4);
  await expect(page.locator(".marquee-track img")).toHaveCount(12);
});

const PHONE = { width: 412, height: 823 };

test("the hero slider: Swiper takes over the strip, its dots move it, and it plays on its own", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript it is a scroll-snap strip");
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured" });
  await expect(hero.locator(".swiper")).toHaveClass(/swiper-initialized/);
  // Five slides on a wide screen (the sixth is for phones), named by Swiper's a11y module.
  await expect(hero.getByRole("group")).toHaveCount(5);
  await expect(hero.getByRole("group").nth(4)).toHaveAttribute("aria-label", "5 of 5");
  const dots = hero.getByRole("button", { name: /^Go to slide \d$/ });
  await expect(dots).toHaveCount(5);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await dots.nth(2).click();
  await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  await expect(hero.getByRole("link", { name: "Shop winches" })).toBeInViewport();
  await expect(hero.getByRole("link", { name: "Shop all parts" })).not.toBeInViewport();
  // Autoplay (every 3 s) moves on once the pointer has left the slider.
  await page.mouse.move(0, 0);
  await expect(dots.nth(3)).toHaveAttribute("aria-current", "true", { timeout: 8_000 });
  // A mouse drag to the left over most of the slide moves to the next slide.
  await dots.nth(0).click();
  await expectInFrame(hero.getByRole("group").nth(0), hero.locator(".swiper"));
  const box = (await hero.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.9, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.1, box.y + 40, { steps: 5 });
  await page.mouse.up();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(hero.getByRole("link", { name: "Shop wheels" })).toBeInViewport();
});

test("the hero slider on a phone has six slides, and autoplay waits while it is off screen", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "autoplay needs JavaScript");
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured" });
  await expect(hero.locator(".swiper")).toHaveClass(/swiper-initialized/);
  await expect(hero.getByRole("group")).toHaveCount(6);
  const dots = hero.getByRole("button", { name: /^Go to slide \d$/ });
  await expect(dots).toHaveCount(6);
  await dots.nth(5).click();
  await expect(hero.getByRole("link", { name: "Shop footwear" })).toBeInViewport();
  // Scrolled out of sight, the hero holds still for longer than its 3 s delay...
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect(hero).not.toBeInViewport();
  await page.waitForTimeout(4_000);
  await expect(dots.nth(5)).toHaveAttribute("aria-current", "true");
  // ...and plays again (rewinding to the first slide) once it is back.
  await hero.scrollIntoViewIfNeeded();
  await page.mouse.move(0, PHONE.height - 1);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true", { timeout: 8_000 });
});

test("the hero slider never plays on its own for people who prefer reduced motion", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "autoplay needs JavaScript");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured" });
  await expect(hero.locator(".swiper")).toHaveClass(/swiper-initialized/);
  const dots = hero.getByRole("button", { name: /^Go to slide \d$/ });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(4_000);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  // The dots still work.
  await dots.nth(1).click();
  await expect(hero.getByRole("link", { name: "Shop wheels" })).toBeInViewport();
});

test("the sliders without JavaScript: every slide is there, side by side in a scroll strip", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "js", "about the strip without JavaScript");
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Featured" });
  await expect(hero.locator(".swiper")).not.toHaveClass(/swiper-initialized/);
  await expect(hero.getByRole("group")).toHaveCount(5);
  await expect(hero.getByRole("link", { name: "Shop all parts" })).toBeInViewport();
  await expect(hero.getByRole("link", { name: "Shop winches" })).not.toBeInViewport();
  // A strip of full-width slides that scrolls sideways, inside the page's width.
  const strip = await hero.locator(".swiper-wrapper").evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
    overflowX: getComputedStyle(el).overflowX,
    snap: getComputedStyle(el).scrollSnapType,
  }));
  expect(strip.overflowX).toBe("auto");
  expect(strip.snap).toContain("mandatory");
  expect(strip.scrollWidth).toBe(strip.clientWidth * 5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  // Each slide's link can be reached: the keyboard scrolls the strip to it.
  for (const name of ["Shop winches", "Shop suspension"]) {
    await hero.getByRole("link", { name }).focus();
    await expect(hero.getByRole("link", { name })).toBeInViewport();
  }
  const builds = page.getByRole("region", { name: "Builds", exact: true });
  await expect(builds.getByRole("group")).toHaveCount(2);
  for (const href of ["/vehicles/toyota_hilux?img=0", "/vehicles/suzuki_jimny?img=0"]) {
    const link = builds.locator(`a[href="${href}"]`);
    await link.focus();
    await expect(link).toBeInViewport();
  }
  // A phone gets the sixth slide.
  await page.setViewportSize(PHONE);
  await expect(hero.getByRole("group")).toHaveCount(6);
  await hero.getByRole("link", { name: "Shop footwear" }).focus();
  await expect(hero.getByRole("link", { name: "Shop footwear" })).toBeInViewport();
});

test("the builds slider: Swiper, two slides, dots", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "Swiper needs JavaScript");
  await page.goto("/");
  const builds = page.getByRole("region", { name: "Builds", exact: true });
  await builds.scrollIntoViewIfNeeded();
  await expect(builds.locator(".swiper")).toHaveClass(/swiper-initialized/);
  // Swiper's width stays its column's (in a grid it once grew with its own slides to 33,554,432 px).
  const column = (await page.getByRole("region", { name: "Explore Builds" }).boundingBox())!;
  const width = (await builds.locator(".swiper").boundingBox())!.width;
  expect(width).toBeGreaterThan(100);
  expect(width).toBeLessThanOrEqual(column.width);
  const dots = builds.getByRole("button", { name: /^Go to slide \d$/ });
  await expect(dots).toHaveCount(2);
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expectInFrame(
    builds.locator('a[href="/vehicles/toyota_hilux?img=0"]'),
    builds.locator(".swiper"),
  );
  await expect(builds.locator('a[href="/vehicles/suzuki_jimny?img=0"]')).not.toBeInViewport();
});

/** The slide `item` sits in its slider's frame `frame` (its left edge there, within a pixel). */
async function expectInFrame(item: Locator, frame: Locator) {
  await expect
    .poll(async () => {
      const [a, b] = [await item.boundingBox(), await frame.boundingBox()];
      return a && b ? Math.round(Math.abs(a.x - b.x)) : null;
    })
    .toBeLessThanOrEqual(1);
}

/** A wheel with a colour of at least three images. */
async function galleryProduct(request: APIRequestContext) {
  const wheel = await findProduct(request, "wheels", (p) =>
    p.colors.some((c) => c.images.length >= 3),
  );
  const color = wheel.colors.find((c) => c.images.length >= 3)!;
  return {
    url: `/product/${wheel.id}?color=${encodeURIComponent(color.name)}`,
    count: color.images.length,
  };
}

test("the product gallery: Swiper with arrows, dots and a 50 px swipe threshold", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "Swiper needs JavaScript");
  const { url, count } = await galleryProduct(request);
  await page.goto(url);
  const gallery = page.getByRole("region", { name: "Product images" });
  await expect(gallery.locator(".swiper")).toHaveClass(/swiper-initialized/);
  const dots = gallery.getByRole("button", { name: /^Show image \d+$/ });
  await expect(dots).toHaveCount(count);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  const image = (n: number) =>
    gallery.getByRole("img", { name: new RegExp(`, ${n} of ${count}$`) });
  const frame = gallery.locator(".swiper");
  // Arrows (wide screens): next, previous, and previous from the first rewinds to the last.
  await gallery.getByRole("button", { name: "Next image" }).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expectInFrame(image(2), frame);
  await gallery.getByRole("button", { name: "Previous image" }).click();
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await gallery.getByRole("button", { name: "Previous image" }).click();
  await expect(dots.nth(count - 1)).toHaveAttribute("aria-current", "true");
  await dots.nth(0).click();
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await expectInFrame(image(1), frame);
  // A slow drag: 30 px springs back, 70 px moves on by one image (from the top of the page, clear of the header).
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await frame.boundingBox())!;
  const drag = async (dx: number) => {
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) {
      await page.mouse.move(x - (dx * i) / 10, y);
      await page.waitForTimeout(40);
    }
    await page.mouse.up();
  };
  await drag(30);
  await page.waitForTimeout(600);
  await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
  await expectInFrame(image(1), frame);
  await drag(70);
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expectInFrame(image(2), frame);
});

test("the product gallery on a phone: no arrows, dots, swipe", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "Swiper needs JavaScript");
  await page.setViewportSize(PHONE);
  const { url, count } = await galleryProduct(request);
  await page.goto(url);
  const gallery = page.getByRole("region", { name: "Product images" });
  await expect(gallery.locator(".swiper")).toHaveClass(/swiper-initialized/);
  await expect(gallery.getByRole("button", { name: "Next image" })).toBeHidden();
  await expect(gallery.getByRole("button", { name: /^Show image \d+$/ })).toHaveCount(count);
  await gallery.getByRole("button", { name: "Show image 3" }).click();
  await expect(gallery.getByRole("button", { name: "Show image 3" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expectInFrame(
    gallery.getByRole("img", { name: new RegExp(`, 3 of ${count}$`) }),
    gallery.locator(".swiper"),
  );
});

test("the product gallery without JavaScript: a scroll strip with anchor dots", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "js", "about the strip without JavaScript");
  const { url, count } = await galleryProduct(request);
  await page.goto(url);
  const gallery = page.getByRole("region", { name: "Product images" });
  await expect(gallery.locator(".swiper")).not.toHaveClass(/swiper-initialized/);
  await expect(gallery.getByRole("button", { name: "Next image" })).toHaveCount(0);
  const dots = gallery.getByRole("link", { name: /^Show image \d+$/ });
  await expect(dots).toHaveCount(count);
  const image = (n: number) =>
    gallery.getByRole("img", { name: new RegExp(`, ${n} of ${count}$`) });
  const frame = gallery.locator(".swiper");
  await expectInFrame(image(1), frame);
  await expect(image(2)).not.toBeInViewport();
  // A dot is a link to its image: following it scrolls the strip there.
  await dots.nth(2).click();
  await expectInFrame(image(3), frame);
  const box = (await gallery.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("vehicles: tiles, a vehicle's parts with its banner, and 404 for an unknown one", async ({
  page,
}) => {
  await page.goto("/vehicles");
  await expect(page.getByRole("link", { name: "JEEP WRANGLER" })).toHaveAttribute(
    "href",
    "/vehicles/jeep_wrangler",
  );
  await page.getByRole("link", { name: "SUZUKI JIMNY" }).click();
  await expect(page).toHaveURL(/\/vehicles\/suzuki_jimny\?img=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Suzuki Jimny" })).toBeVisible();
  await expect(page.locator('img[src="/art/vehicles/suzuki_jimny-1.svg"]')).toHaveCount(1);
  expect(await page.locator("article").count()).toBeGreaterThan(0);
  // An unknown vehicle has no parts: the page says so, with a 404.
  const missing = await page.goto("/vehicles/flying_carpet");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "flying_carpet" })).toBeVisible();
  await expect(page.getByText("No parts found for this brand.")).toBeVisible();
});

test("a vehicle page shows 10 skeleton tiles while the next page loads", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "skeletons belong to client navigation");
  await page.goto("/vehicles/toyota_hilux");
  await page.route("**/vehicles/toyota_hilux.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByRole("link", { name: "Next" }).click();
  const loading = page.getByRole("status", { name: "Loading products" });
  await expect(loading.locator("[data-skeleton]")).toHaveCount(10);
  await expect(page).toHaveURL(/page=2/);
  await expect(loading).toHaveCount(0);
});

test("a category: heading, wheel colour thumbnails on hover, 404 for an unknown one", async ({
  page,
  request,
}) => {
  const wheel = await findProduct(request, "wheels", (p) => p.colors.length >= 2);
  await page.goto("/category/wheels");
  await expect(
    page.getByRole("heading", { level: 1, name: "Products in Wheels Category" }),
  ).toBeVisible();
  const tile = page
    .locator("article")
    .filter({ has: page.locator(`a[href="/product/${wheel.id}"]`) });
  await tile.hover();
  // A wheel with two colours shows a thumbnail of each.
  await expect(tile.getByRole("img").nth(1)).toBeVisible();
  // An unknown category has no products: the page says so, with a 404. Capitals find the category.
  const missing = await page.goto("/category/nope");
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Products in nope Category" }),
  ).toBeVisible();
  await expect(page.getByText("No products found in this category.")).toBeVisible();
  await page.goto("/category/Wheels");
  await expect(page).toHaveURL(/\/category\/wheels$/);
});

test("brands: six cards whose Explore links open real brand pages", async ({ page }) => {
  await page.goto("/brands");
  const explore = page.getByRole("link", { name: /^Explore / });
  await expect(explore).toHaveCount(6);
  const hrefs = await explore.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(["/arb", "/method", "/noco", "/oldman", "/safari", "/warn"]);
  await page
    .getByRole("link", { name: "Explore Warn" })
    .or(page.getByRole("link", { name: /^Explore WARN/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/warn$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/warn/i);
  expect(await page.locator("article").count()).toBeGreaterThan(0);
});

test("the product page: colours, price with 25% saving, sizes, quantity, forms, JSON-LD", async ({
  page,
  request,
}) => {
  const wheel = await findProduct(
    request,
    "wheels",
    (p) => p.colors.length > 1 && p.sizes.length > 0 && p.inStock,
  );
  await page.goto(`/product/${wheel.id}`);
  await expect(page.getByRole("heading", { level: 1, name: wheel.title })).toBeVisible();
  await expect(page.getByText("(Save 25%)")).toBeVisible();
  await expect(page.getByText("InStock", { exact: true })).toBeVisible();
  await expect(page.getByText(`Part ${wheel.sizes[0].partNumber}`).first()).toBeVisible();
  await expect(page.getByRole("table")).toContainText(wheel.sizes[0].partNumber);
  // Choosing another colour is a link: it works with and without JavaScript.
  const second = wheel.colors[1].name;
  await page
    .getByRole("navigation", { name: "Colours" })
    .getByRole("link", { name: second })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`color=${encodeURIComponent(second).replace(/%20/g, "(%20|\\+)")}`),
  );
  await expect(page.getByText(`Colour: ${second}`).first()).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveValue("1");
  await expect(page.getByRole("link", { name: "Chat with an expert on WhatsApp" })).toHaveAttribute(
    "href",
    new RegExp(`wa\\.me/\\d+\\?text=.*${wheel.id}`),
  );
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(ld).toMatchObject({
    "@type": "Product",
    name: wheel.title,
    offers: { priceCurrency: "INR", price: (wheel.price / 100).toFixed(2) },
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/product/${wheel.id}$`),
  );
  // Buy Now is a GET to /checkout with the agreed fields.
  await page.getByLabel("Quantity").selectOption("3");
  const [req] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/checkout")),
    page.getByRole("button", { name: "Buy Now" }).click(),
  ]);
  const params = new URL(req.url()).searchParams;
  expect(params.get("productId")).toBe(String(wheel.id));
  expect(params.get("quantity")).toBe("3");
  // The size and colour go by id (two sizes may share a label); the colour's name too.
  expect(wheel.sizes.map((s) => String(s.id))).toContain(params.get("sizeId"));
  expect(params.get("colorId")).toBe(String(wheel.colors[1].id));
  expect(params.get("color")).toBe(second);
});

test("checking delivery keeps the colour, size and quantity chosen, and a new colour keeps the answer", async ({
  page,
  request,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const wheel = await findProduct(
    request,
    "wheels",
    (p) => p.colors.length > 1 && p.sizes.filter((s) => s.stock > 1).length > 1,
  );
  await page.goto(`/product/${wheel.id}`);
  const colours = page.getByRole("navigation", { name: "Colours" });
  const second = wheel.colors[1].name;
  await colours.getByRole("link", { name: second }).click();
  await expect(colours.getByRole("link", { name: second })).toHaveAttribute("aria-current", "true");

  // Not the size the page starts with, and not one: the shopper's own choices.
  const sizeId = (await page
    .getByRole("radio", { checked: false, disabled: false })
    .first()
    .getAttribute("value"))!;
  const chosenSize = page.locator(`input[type="radio"][value="${sizeId}"]`);
  await chosenSize.check();
  const quantity = page.getByRole("combobox", { name: /^Quantity/ });
  await quantity.selectOption("2");

  const delivery = page.getByRole("region", { name: "Delivery" });
  await delivery.getByLabel("PIN code").fill("560001");
  await delivery.getByRole("button", { name: "Check delivery" }).click();
  await expect(delivery.getByText(/^Delivers to 560001/)).toBeVisible();
  const stillChosen = async () => {
    await expect(colours.getByRole("link", { name: second })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(chosenSize).toBeChecked();
    await expect(quantity).toHaveValue("2");
  };
  await stillChosen();
  if (!js) {
    // The page came back from the server with them: the size's part number is the one shown.
    await expect(page).toHaveURL(/[?&]pin=560001(&|$)/);
    const part = wheel.sizes.find((s) => String(s.id) === sizeId)!.partNumber;
    await expect(page.getByTestId("chosen-size")).toContainText(part);
  }

  // Enter in the PIN field checks it too (it does not buy).
  await delivery.getByLabel("PIN code").fill("682555");
  await delivery.getByLabel("PIN code").press("Enter");
  await expect(delivery.getByText("We don't deliver to this PIN yet")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${wheel.id}(\\?|$)`));
  await stillChosen();

  // Another colour: the PIN's answer (remembered) and the quantity stay.
  const first = wheel.colors[0].name;
  await colours.getByRole("link", { name: first }).click();
  await expect(colours.getByRole("link", { name: first })).toHaveAttribute("aria-current", "true");
  await expect(delivery.getByText("We don't deliver to this PIN yet")).toBeVisible();
  await expect(delivery.getByLabel("PIN code")).toHaveValue("682555");
  await expect(quantity).toHaveValue("2");
});

test("a sold-out product offers only a disabled Sold Out button; slug URLs redirect", async ({
  page,
  request,
}) => {
  const all = (await (await request.get("/api/v1/allProducts")).json()) as {
    id: number;
    slug: string;
    inStock: boolean;
  }[];
  const soldOut = all.find((p) => !p.inStock);
  // The demo catalogue has sold-out products on purpose.
  expect(soldOut).toBeDefined();
  await page.goto(`/product/${soldOut!.slug}`);
  await expect(page).toHaveURL(new RegExp(`/product/${soldOut!.id}$`));
  await expect(page.getByRole("button", { name: "Sold Out" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  const missing = await page.goto("/product/99999999");
  expect(missing?.status()).toBe(404);
});

test("sitemap.xml and robots.txt", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain("/product/");
  expect(xml).toContain("/category/wheels</loc>");
  expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("a page whose data is lost on the way (the phone dropped its connection) offers to try again", async ({
  page,
}, testInfo) => {
  test.skip(
    testInfo.project.name === "no-js",
    "without JavaScript the browser loads the page itself and shows its own offline page",
  );
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const lost = (route: Route) => route.abort("internetdisconnected");
  await page.route(/\.data(\?|$)/, lost);
  await page.getByRole("link", { name: "Wheels" }).first().click();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.unroute(/\.data(\?|$)/, lost);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/category\/wheels$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Wheels");
});

test("a product tile opens its product from its picture, its title or the tile; one link names it", async ({
  page,
}) => {
  for (const part of ["picture", "title", "tile"] as const) {
    await page.goto("/category/wheels");
    const tile = page.locator("article").first();
    const title = (await tile.getByRole("heading").textContent())!.trim();
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(1);
    if (part === "picture") await tile.getByRole("img", { name: title, exact: true }).click();
    if (part === "title") await tile.getByText(title, { exact: true }).click();
    if (part === "tile") await tile.click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }
});
