import { test } from "@playwright/test";
import { cartLink, expect, pickProducts, signUpAndLogIn } from "./cart-support";

// Each test signs up and logs in (a deliberately slow password hash) before its real work.
test.describe.configure({ timeout: 90_000 });

test("a visitor who adds to the cart logs in and comes back to the product as they left it", async ({
  page,
  request,
}) => {
  const { wheel } = await pickProducts(request);
  // The page's clock stops once the login page shows, so its toast is still up when the login
  // answers, however long that takes (a shopper whose browser fills the form logs in at once).
  await page.clock.install();
  await page.goto(`/product/${wheel.id}`);
  // The last size in stock (not the page's default, the first) and 3 of them.
  const size = page.locator('input[name="sizeId"]:not([disabled])').last();
  const sizeId = await size.getAttribute("value");
  await size.check();
  await page.getByRole("combobox", { name: /^Quantity/ }).selectOption("3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByText("Please log in to add items to your cart.")).toBeVisible();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
  const back = new URL(page.url()).searchParams.get("redirectTo")!;
  expect(new URL(back, "http://x").pathname).toBe(`/product/${wheel.id}`);

  // Logging in (a fresh account) lands on the product with that size and quantity chosen.
  const email = `visitor-${Date.now()}-${process.pid}@example.com`;
  const password = "overland-trail-42";
  expect((await request.post("/api/v1/register", { data: { email, password } })).status()).toBe(
    201,
  );
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${wheel.id}\\?`), { timeout: 25_000 });
  // The login page's toast left with it: only the login's own shows (with JavaScript, toasts
  // outlive a navigation unless they are dropped).
  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(page.getByText("Please log in to add items to your cart.")).toHaveCount(0);
  await page.clock.resume();
  await expect(page.locator(`input[name="sizeId"][value="${sizeId}"]`)).toBeChecked();
  await expect(page.getByRole("combobox", { name: /^Quantity/ })).toHaveValue("3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 3)).toBeVisible();
});

test("add from the product page, change quantities, remove, with the header badge following", async ({
  page,
  request,
}) => {
  const { first, second, wheel } = await pickProducts(request);
  await signUpAndLogIn(page, request, "/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();

  // Add 1, then 2 more of the same product: one line of 3.
  await page.goto(`/product/${first.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to cart")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${first.id}$`));
  await expect(cartLink(page, 1)).toBeVisible();
  await page.getByRole("combobox", { name: /^Quantity/ }).selectOption("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 3)).toBeVisible();

  await page.goto(`/product/${second.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 4)).toBeVisible();

  // A wheel goes in with its size.
  await page.goto(`/product/${wheel.id}`);
  // The size chosen (the first one in stock), as the cart line will read it: label, bolt pattern, offset, part.
  const size = (await page.getByTestId("chosen-size").textContent())!
    .replace(/^Chosen: /, "")
    .trim();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 5)).toBeVisible();

  await page.goto("/cart");
  const items = page.getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(items).toHaveCount(3);
  await expect(page.getByRole("link", { name: first.title, exact: true })).toBeVisible();
  await expect(page.getByText(`Size: ${size}`)).toBeVisible();
  const quantity = page.getByLabel(`Quantity of ${first.title}`, { exact: true });
  await expect(quantity).toHaveText("3");

  // Plus and minus, never below 1.
  await page.getByRole("button", { name: `Increase quantity of ${first.title}` }).click();
  await expect(quantity).toHaveText("4");
  await expect(cartLink(page, 6)).toBeVisible();
  for (const expected of [3, 2, 1]) {
    await page.getByRole("button", { name: `Decrease quantity of ${first.title}` }).click();
    await expect(quantity).toHaveText(String(expected));
    // The badge follows once the server has the change.
    await expect(cartLink(page, expected + 2)).toBeVisible();
  }
  await expect(
    page.getByRole("button", { name: `Decrease quantity of ${first.title}` }),
  ).toBeDisabled();
  await expect(cartLink(page, 3)).toBeVisible();

  // The server holds the same numbers: a fresh load shows them.
  await page.reload();
  await expect(page.getByLabel(`Quantity of ${first.title}`, { exact: true })).toHaveText("1");
  const total = first.price + second.price + wheel.price;
  await expect(page.getByTestId("cart-total").locator("data")).toHaveAttribute(
    "value",
    (total / 100).toFixed(2),
  );

  // Remove every line: 'Item removed', then the empty state.
  for (const title of [first.title, second.title, wheel.title]) {
    await page.getByRole("button", { name: `Remove ${title}` }).click();
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText("Item removed").first()).toBeVisible();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
  await page.reload();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("with JavaScript the new quantity shows before the server answers", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "optimism needs JavaScript");
  const { first } = await pickProducts(request);
  await signUpAndLogIn(page, request, `/product/${first.id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 1)).toBeVisible();
  await page.goto("/cart");

  // Hold the cart action for a moment: the page must not wait for it.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/cart.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: `Increase quantity of ${first.title}` }).click();
  await expect(page.getByLabel(`Quantity of ${first.title}`, { exact: true })).toHaveText("2");
  await expect(cartLink(page, 1)).toBeVisible();
  release();
  await expect(cartLink(page, 2)).toBeVisible();

  // A removal leaves at once too.
  const heldRemove = new Promise<void>((r) => (release = r));
  await page.unroute("**/cart.data*");
  await page.route("**/cart.data*", async (route) => {
    if (route.request().method() === "POST") await heldRemove;
    await route.continue();
  });
  await page.getByRole("button", { name: `Remove ${first.title}` }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  release();
  await expect(page.getByText("Item removed")).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();
});

test("the cart needs a login, and says so in the spec's words", async ({ page }) => {
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcart$/);
  await expect(page.getByText("Please log in to view your cart.")).toBeVisible();
});

test("on a phone the cart and the checkout steps fit the screen, Remove within reach", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { wheel } = await pickProducts(request);
  await signUpAndLogIn(page, request, `/product/${wheel.id}`);
  await page.getByRole("combobox", { name: /^Quantity/ }).selectOption("3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 3)).toBeVisible();

  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.goto("/cart");
  await expect(page.getByRole("list", { name: "Cart items" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  const remove = page.getByRole("button", { name: `Remove ${wheel.title}` });
  const box = (await remove.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const summary = (await page.getByTestId("cart-total").boundingBox())!;
  expect(summary.x + summary.width).toBeLessThanOrEqual(390);

  await page.goto("/checkout");
  await expect(page.getByRole("list", { name: "Checkout steps" })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
  const payment = (await page
    .getByRole("list", { name: "Checkout steps" })
    .getByText("Payment")
    .boundingBox())!;
  expect(payment.x + payment.width).toBeLessThanOrEqual(390);

  await page.goto("/cart");
  await page.getByRole("button", { name: `Remove ${wheel.title}` }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});
