import { expect, test } from "@playwright/test";
import { findProduct, type ApiDetail } from "./storefront-support";

/** What the product API says of a part's fitment. */
type FitmentData = { universalFit: boolean; vehicles: { slug: string; name: string }[] };
const fitsJimny = (p: FitmentData) => p.vehicles.some((v) => v.slug === "suzuki_jimny");

const priceOf = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("all products: filters are a GET form, the URL is the state, sort and pages work", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/all-products");
  const count = page.getByRole("status").filter({ hasText: /products?$/ });
  const total = Number((await count.textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(24);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();

  await page.getByText("Filters", { exact: true }).click();
  await expect(page.getByLabel("Min price")).toHaveValue("0");
  await expect(page.getByLabel("Max price")).toHaveValue("1000000");
  await page.getByRole("group", { name: "Category" }).getByLabel("Winches").check();
  // With JavaScript a checkbox applies at once; without it, the Apply button submits.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/category=winches/);
  // The list follows the URL (with JavaScript, once the new page's data has arrived).
  const shown = async () => Number((await count.textContent())?.match(/\d+/)?.[0]);
  await expect.poll(shown).toBeLessThan(total);
  expect(await shown()).toBeGreaterThan(0);

  // The same URL, opened fresh, shows the same filtered view, sorted by price.
  await page.goto("/all-products?category=winches&sort=price-asc");
  await expect(page.getByRole("group", { name: "Category" }).getByLabel("Winches")).toBeChecked();
  const prices = (await page.locator("article data").allTextContents()).map(priceOf);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.goto("/all-products?min=1000000&max=1000000");
  await expect(page.getByText("No products match these filters.")).toBeVisible();
  await expect(page.getByText(/max price is below the min price/)).toHaveCount(0);

  // A max below the min is named next to the field, not only an empty list.
  await page.goto("/all-products?min=5000&max=100");
  await expect(page.getByText("No products match these filters.")).toBeVisible();
  await expect(page.getByLabel("Max price")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Max price")).toHaveAccessibleDescription(
    "The max price is below the min price: no product can match.",
  );

  await page.goto("/all-products");
  const firstPage = await page
    .getByRole("article")
    .getByRole("heading", { level: 2 })
    .allTextContents();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "Previous" })).toBeVisible();
  const secondPage = await page
    .getByRole("article")
    .getByRole("heading", { level: 2 })
    .allTextContents();
  expect(secondPage.some((t) => firstPage.includes(t))).toBe(false);
});

test("search without JavaScript: the header's button leads to /search with results", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "js", "the overlay takes over with JavaScript");
  await page.goto("/");
  await page.getByRole("link", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByLabel("Search products").fill("winch");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=winch/);
  await expect(page.locator("article").first()).toBeVisible();
  await expect(page.getByRole("article").getByRole("heading", { level: 2 }).first()).toContainText(
    /winch/i,
  );
});

test("a search with more matches than a page leads on to the rest", async ({ page }) => {
  // The products a page lists, by their links (a card may link to its product more than once).
  const productPaths = () =>
    page
      .locator('article a[href^="/product/"]')
      .evaluateAll((links) => [
        ...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
      ]);
  await page.goto("/search?q=wheel");
  await expect(page.getByText("Results 1 to 24")).toBeVisible();
  const firstPage = await productPaths();
  expect(firstPage).toHaveLength(24);
  const pages = page.getByRole("navigation", { name: "Search result pages" });
  await pages.getByRole("link", { name: "More results" }).click();
  await expect(page).toHaveURL(/\/search\?q=wheel&page=2$/);
  await expect(page.getByText(/^Results 25 to \d+$/)).toBeVisible();
  const secondPage = await productPaths();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((path) => firstPage.includes(path))).toEqual([]);
  await pages.getByRole("link", { name: "Previous results" }).click();
  await expect(page.getByText("Results 1 to 24")).toBeVisible();
});

test("the search overlay: debounced results, Searching..., No results found.", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the overlay needs JavaScript");
  await page.goto("/");
  // With JavaScript the header's search is a button opening the overlay.
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  const box = dialog.getByRole("searchbox", { name: "Search products..." });
  await expect(box).toHaveAttribute("placeholder", "Search products...");
  await box.fill("winc");
  await expect(dialog.getByText("Searching...")).toBeVisible();
  await expect(dialog.getByRole("link").first()).toBeVisible();
  await expect(dialog.getByRole("link").first()).toHaveAttribute("href", /^\/product\/\d+$/);
  await box.fill('"NEAR( zzqqxx');
  await expect(dialog.getByText("No results found.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("on a phone, keyboard only: the search overlay and the menu hold focus, Esc closes them, focus returns", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "the overlay and Esc need JavaScript");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  const searchButton = page.getByRole("button", { name: "Search", exact: true });
  await searchButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Search" });
  await expect(dialog.getByRole("searchbox", { name: "Search products..." })).toBeFocused();
  // Tab never leaves the overlay for the page hidden behind it.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(
      () => document.activeElement?.closest("[aria-label='Search']") !== null,
    );
    expect(inside || (await page.evaluate(() => document.activeElement === document.body))).toBe(
      true,
    );
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(searchButton).toBeFocused();

  const menuButton = page.getByLabel("Menu", { exact: true });
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await menuButton.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
  // Tab stays in the open menu: from its close button back to its last item, and on round.
  await page.keyboard.press("Shift+Tab");
  await expect(menuButton).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(menu.getByRole("link", { name: "Login" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menuButton).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  // A tap on the page behind the open menu closes it.
  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(350, 400);
  await expect(menu).toBeHidden();
});

test("hostile search input is plain text, never an error", async ({ page, request }) => {
  for (const q of [
    '"',
    "'; drop table products; --",
    "title:winch OR",
    "NEAR(a b",
    "*",
    "^-()",
    "%00",
  ]) {
    const res = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(res?.status()).toBe(200);
    const api = await request.get(`/api/v1/search?query=${encodeURIComponent(q)}`);
    expect(api.status()).toBe(200);
    expect(Array.isArray(await api.json())).toBe(true);
  }
  await page.goto(`/search?q=${encodeURIComponent("zzqqxx")}`);
  await expect(page.getByText("No results found.")).toBeVisible();
});

test("shop by vehicle: the picker remembers the vehicle, tiles say whether parts fit, the list filters", async ({
  page,
}) => {
  await page.goto("/all-products");
  await page.getByText("Select your vehicle", { exact: true }).click();
  await page.getByLabel("Your vehicle").selectOption({ label: "Suzuki Jimny" });
  await page.getByRole("button", { name: "Save vehicle" }).click();
  await expect(page.getByText("My vehicle: Suzuki Jimny")).toBeVisible();
  await expect(page).toHaveURL(/\/all-products$/);
  // The page streams in: count only once all of it has arrived.
  await page.waitForLoadState("load");
  // Every tile says one of three things: it fits, it does not, or the shop cannot say.
  const fits = page.locator("article").getByText("Fits your Suzuki Jimny");
  const notFit = page.locator("article").getByText("Does not fit your Suzuki Jimny");
  const check = page.locator("article").getByText("Check fitment");
  expect((await fits.count()) + (await notFit.count()) + (await check.count())).toBe(
    await page.locator("article").count(),
  );

  await page.getByText("Filters", { exact: true }).click();
  await page.getByLabel("Only parts that fit my Suzuki Jimny").check();
  if (!/vehicle=suzuki_jimny/.test(page.url()))
    await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/vehicle=suzuki_jimny/);
  await expect(page.locator("article").first()).toBeVisible();
  await expect(page.locator("article").getByText("Check fitment")).toHaveCount(0);
  await expect(page.locator("article").getByText("Does not fit your Suzuki Jimny")).toHaveCount(0);

  // The choice outlives the page: another page, same vehicle.
  await page.goto("/category/suspension");
  await expect(page.getByText("My vehicle: Suzuki Jimny")).toBeVisible();
});

test("a part listed for other vehicles only says it does not fit the chosen one", async ({
  page,
  request,
}) => {
  // A seeded wheel that names its vehicles, the Jimny not among them (found, not created).
  const wheel = (await findProduct(request, "wheels", (p) => {
    const d = p as ApiDetail & FitmentData;
    return !d.universalFit && d.vehicles.length > 0 && !fitsJimny(d);
  })) as ApiDetail & FitmentData;

  await page.goto(`/product/${wheel.id}`);
  await page.getByText("Select your vehicle", { exact: true }).click();
  await page.getByLabel("Your vehicle").selectOption({ label: "Suzuki Jimny" });
  await page.getByRole("button", { name: "Save vehicle" }).click();
  await expect(page.getByText("My vehicle: Suzuki Jimny")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${wheel.id}$`));
  // The product's own badge, not its recommendations' tiles (which may say the same).
  const own = (text: string) =>
    page.getByRole("main").locator("p:not(article p)").getByText(text, { exact: true });
  await expect(own("Does not fit your Suzuki Jimny")).toBeVisible();
  await expect(own(`Fits: ${wheel.vehicles.map((v) => v.name).join(", ")}`)).toBeVisible();
  await expect(own("Check fitment")).toHaveCount(0);

  // Its tile says the same in a list.
  await page.goto(`/search?q=${encodeURIComponent(wheel.title)}`);
  const tile = page.locator("article").filter({ hasText: wheel.title }).first();
  await expect(tile.getByText("Does not fit your Suzuki Jimny")).toBeVisible();
  await expect(tile.getByText("Check fitment")).toHaveCount(0);
});

test("the footer sign-up stores an address, and explains a bad one", async ({ page }, testInfo) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  const email = footer.getByPlaceholder("Your email address");
  await email.fill("not-an-email");
  await footer.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible({ timeout: 15_000 });
  // With JavaScript the footer keeps the text; without it the sign-up page shows the form again.
  await expect(
    page.getByPlaceholder("Your email address").and(page.locator(":focus, [aria-invalid]")).first(),
  ).toHaveValue("not-an-email");

  await page.goto("/about");
  await footer
    .getByPlaceholder("Your email address")
    .fill(`rider-${testInfo.project.name}-${Date.now()}@example.com`);
  await footer.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Thanks for signing up!").first()).toBeVisible({ timeout: 15_000 });
});

test("contact us: the form opens a WhatsApp chat with the four fields", async ({
  page,
  request,
}, testInfo) => {
  await page.goto("/contactus");
  await expect(page.getByText("Send Message via WhatsApp")).toBeVisible();
  // The chat link stays one a phone opens: no field takes more than its share.
  await expect(page.getByLabel("Message")).toHaveAttribute("maxlength", "2000");
  if (testInfo.project.name === "no-js") {
    // Without JavaScript the form posts to the shop, which sends the browser on to the chat.
    const res = await request.post("/contactus", {
      form: {
        name: "Asha",
        email: "asha@example.com",
        subject: "Lift kit",
        message: "Jimny 2-inch?",
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
    const location = new URL(res.headers()["location"]);
    expect(location.host).toBe("wa.me");
    expect(location.searchParams.get("text")).toBe(
      "Name: Asha\nEmail: asha@example.com\nSubject: Lift kit\nMessage: Jimny 2-inch?",
    );
    return;
  }
  await page
    .context()
    .route("https://wa.me/**", (route) =>
      route.fulfill({ body: "chat", contentType: "text/plain" }),
    );
  await page.getByLabel("Name").fill("Asha");
  await page.getByLabel("Email").fill("asha@example.com");
  await page.getByLabel("Subject").fill("Lift kit");
  await page.getByLabel("Message").fill("Jimny 2-inch?");
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Send Message via WhatsApp" }).click(),
  ]);
  const url = new URL(popup.url());
  expect(url.host).toBe("wa.me");
  expect(url.searchParams.get("text")).toContain("Subject: Lift kit");
});

test("the mobile menu opens without JavaScript and holds the links", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/about");
  // The vehicle picker's panel fits the phone's screen.
  const pickerButton = page
    .getByRole("banner")
    .locator("summary")
    .filter({ hasText: "Select your vehicle" });
  await pickerButton.click();
  const picker = page.getByRole("banner").getByLabel("Your vehicle");
  await expect(picker).toBeVisible();
  const panel = (await page.getByRole("banner").locator("form[action='/vehicle']").boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(390);
  await pickerButton.click();
  const chat = page.getByRole("link", { name: "Chat with us on WhatsApp" });
  await expect(chat).toBeVisible();
  await page.getByLabel("Menu").click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Contact Us" })).toBeVisible();
  // The floating chat button does not sit over the open menu's cover.
  await expect(chat).toBeHidden();
  // Its Login link brings the shopper back to the page, as the header's does.
  await expect(menu.getByRole("link", { name: "Login" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fabout",
  );
  await menu.getByRole("link", { name: "Brands" }).click();
  await expect(page).toHaveURL(/\/brands\/?$/);

  // My Orders is in the menu logged out too: it asks to log in first, in the spec's words.
  await page.getByLabel("Menu").click();
  await menu.getByRole("link", { name: "My Orders" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FuserOrders$/);
  await expect(page.getByText("Please log in to view orders.")).toBeVisible();
});
