import {
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { ADMIN, imageFile, logInAsAdmin, uniqueSlug } from "./admin-support";
import { addAddressAndDeliver, expect, signUpAndLogIn } from "./cart-support";

// Logging in hashes a password on purpose slowly, and the flows are long: room for a busy machine.
test.describe.configure({ timeout: 150_000 });

const js = (info: TestInfo) => info.project.name === "js";

/**
 * A wheel of its own (made through the admin API, so no other test buys it): two sizes labelled
 * 17x8.5, in 6x139.7 (1 left) and 5x150 (3 left).
 */
async function twinWheel(request: APIRequestContext) {
  const { token } = await (await request.post("/api/v1/login", { data: ADMIN })).json();
  const slug = uniqueSlug("twin-wheel");
  const size = (boltPattern: string, offset: number, partNumber: string, stock: number) => ({
    label: "17x8.5",
    diameter: 17,
    width: 8.5,
    boltPattern,
    offset,
    hubBore: 106.1,
    partNumber,
    stock,
  });
  const parts = { narrow: `${slug}-6139`.toUpperCase(), wide: `${slug}-5150`.toUpperCase() };
  const res = await request.post("/api/v1/products/upload", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      title: `Twin Wheel ${slug}`,
      slug,
      brand: "Method Race Wheels",
      price: "2450000",
      description: "A wheel in two bolt patterns. Same size. Different hubs.",
      category: "wheels",
      inStock: "true",
      colors: "[]",
      size: JSON.stringify([size("6x139.7", 0, parts.narrow, 1), size("5x150", 25, parts.wide, 3)]),
      // With an image, like every product a shop shows: it becomes one of the newest on the home page.
      image: await imageFile("twin-wheel.png", "#444"),
    },
  });
  expect(res.status()).toBe(201);
  const { product } = await res.json();
  return { id: product.id as number, title: product.title as string, parts };
}

/** Pay Now and the sandbox's Pay; answers the order id from the order page. */
async function pay(page: Page, info: TestInfo) {
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
  if (!js(info)) await expect(page).toHaveURL(/\/checkout\/sandbox\/order_/);
  await page
    .getByRole("region", { name: "Test payment" })
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  return Number(page.url().split("/").at(-1));
}

const sizeRadio = (page: Page, boltPattern: string) =>
  page.getByRole("radio", { name: new RegExp(`17x8\\.5 · ${boltPattern.replace(".", "\\.")}`) });

async function adminSees(browser: Browser, baseURL: string, orderId: number, texts: string[]) {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`/admin/orders/${orderId}`);
  const detail = admin.getByRole("region", { name: new RegExp(`^Order #${orderId}\\b`) });
  for (const text of texts) await expect(detail).toContainText(text);
  await context.close();
}

test("a wheel chosen by bolt pattern keeps it in the cart, the paid order and the admin's order page", async ({
  page,
  request,
  browser,
  baseURL,
}, info) => {
  const wheel = await twinWheel(request);
  await signUpAndLogIn(page, request, `/product/${wheel.id}`);
  await expect(page.getByRole("heading", { level: 1, name: wheel.title })).toBeVisible();

  // Both sizes read "17x8.5"; the bolt pattern tells them apart.
  // The radio itself takes the click, as a shopper's tap anywhere on the size's tile.
  await sizeRadio(page, "5x150").check();
  await expect(sizeRadio(page, "5x150")).toBeChecked();
  if (js(info)) {
    // Switching updates the stock and the part number without a reload.
    await expect(page.getByTestId("chosen-size")).toContainText(wheel.parts.wide);
    await expect(page.getByTestId("stock-text")).toContainText("Only 3 left");
    await expect(page.getByText("InStock", { exact: true })).toBeVisible();
  }
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();

  await page.goto("/cart");
  const line = page
    .getByRole("list", { name: "Cart items" })
    .getByRole("listitem")
    .filter({ hasText: wheel.title });
  await expect(line).toContainText("bolt pattern 5x150");
  await expect(line).toContainText(`part ${wheel.parts.wide}`);
  await expect(line).not.toContainText("6x139.7");

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await addAddressAndDeliver(page, info, {
    fullName: "Ravi Kumar",
    address1: "3 Brigade Road",
    pin: "560025",
  });
  await expect(page.getByRole("list", { name: "Items" })).toContainText("bolt pattern 5x150");
  const orderId = await pay(page, info);
  await expect(page.getByRole("list", { name: "Items" })).toContainText("bolt pattern 5x150");
  await expect(page.getByRole("list", { name: "Items" })).toContainText(wheel.parts.wide);

  await adminSees(browser, baseURL!, orderId, ["5x150", wheel.parts.wide]);
});

test("a link to one size shows it to a visitor who is not logged in, and checking delivery keeps it", async ({
  page,
  request,
}, info) => {
  const wheel = await twinWheel(request);
  const api = (await (await request.get(`/api/v1/product/${wheel.id}`)).json()) as {
    sizes: { id: number; boltPattern: string }[];
  };
  const wide = api.sizes.find((s) => s.boltPattern === "5x150")!;
  // Twice: the second answer comes from the page cache.
  for (let i = 0; i < 2; i++) {
    await page.goto(`/product/${wheel.id}?size=${wide.id}`);
    await expect(sizeRadio(page, "5x150")).toBeChecked();
  }
  const delivery = page.getByRole("region", { name: "Delivery" });
  await delivery.getByLabel("PIN code").fill("560001");
  await delivery.getByRole("button", { name: "Check delivery" }).click();
  await expect(delivery.getByText(/^Delivers to 560001/)).toBeVisible();
  // Without JavaScript the check is a GET of the page by the buy form: its size field (`sizeId`).
  if (!js(info)) await expect(page).toHaveURL(new RegExp(`[?&]sizeId=${wide.id}(&|$)`));
  await expect(sizeRadio(page, "5x150")).toBeChecked();
});

test("buying the last unit of one bolt pattern leaves the other on sale; the sold-out one is shown, not selectable", async ({
  page,
  request,
}, info) => {
  const wheel = await twinWheel(request);
  await signUpAndLogIn(page, request, `/product/${wheel.id}`);
  // The first size (6x139.7) has one unit left and is chosen first.
  await expect(sizeRadio(page, "6x139.7")).toBeChecked();
  await expect(page.getByTestId("stock-text")).toContainText("Only 1 left");
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*productId=${wheel.id}.*sizeId=\\d+`));
  await addAddressAndDeliver(page, info, {
    fullName: "Ravi Kumar",
    address1: "3 Brigade Road",
    pin: "560025",
  });
  await expect(page.getByRole("list", { name: "Items" })).toContainText("bolt pattern 6x139.7");
  await pay(page, info);
  await expect(page.getByRole("list", { name: "Items" })).toContainText(wheel.parts.narrow);

  await page.goto(`/product/${wheel.id}`);
  const soldOut = sizeRadio(page, "6x139.7");
  await expect(soldOut).toBeDisabled();
  await expect(page.getByText("17x8.5 · 6x139.7 (Sold out)")).toBeVisible();
  await expect(sizeRadio(page, "5x150")).toBeEnabled();
  await expect(sizeRadio(page, "5x150")).toBeChecked();
  await expect(page.getByTestId("stock-text")).toContainText("InStock");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();

  // The sibling still sells. (Wait for the answer: leaving the page would cancel the request.)
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText("Added to cart").first()).toBeVisible();
  await page.goto("/cart");
  await expect(
    page
      .getByRole("list", { name: "Cart items" })
      .getByRole("listitem")
      .filter({ hasText: wheel.title }),
  ).toContainText("bolt pattern 5x150");
});
