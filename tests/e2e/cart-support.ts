import {
  expect as baseExpect,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from "@playwright/test";

/** The machine running these is shared: allow a slow answer before calling it a failure. */
export const expect = baseExpect.configure({ timeout: 15_000 });

let counter = 0;

/** Signs up a fresh shopper through the API and logs in through the /login form. */
export async function signUpAndLogIn(page: Page, request: APIRequestContext, next = "/") {
  const email = `cart-${Date.now()}-${process.pid}-${++counter}@example.com`;
  const password = "overland-trail-42";
  const res = await request.post("/api/v1/register", { data: { email, password } });
  expect(res.status()).toBe(201);
  await page.goto(`/login?redirectTo=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // Password hashing is deliberately slow: give the login time on a busy machine.
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?]/g, "\\?")}$`), { timeout: 25_000 });
  return { email, password };
}

type ApiProduct = { id: number; title: string; category: string; price: number; inStock: boolean };

/**
 * Two in-stock products without sizes and one wheel, from the newest six of the seeded catalogue
 * (the seed keeps at least 12 of each of those in stock; older products may have as few as 2).
 * `allProducts` lists the oldest first, as the spec's client expects.
 */
export async function pickProducts(request: APIRequestContext) {
  const all = (await (await request.get("/api/v1/allProducts")).json()) as ApiProduct[];
  const newest = all
    .slice(-6)
    .reverse()
    .filter((p) => p.inStock);
  const plain = newest.filter((p) => p.category !== "wheels");
  const wheel = newest.find((p) => p.category === "wheels");
  expect(plain.length).toBeGreaterThanOrEqual(2);
  expect(wheel).toBeTruthy();
  return { first: plain[0], second: plain[1], wheel: wheel! };
}

/** The header's cart link, named by how many items the cart holds. */
export function cartLink(page: Page, count: number) {
  const name = count === 0 ? /^Cart$/ : new RegExp(`^Cart, ${count} items?$`);
  return page.getByRole("link", { name }).first();
}

/** A delivery address in Bengaluru (Karnataka), as a shopper types it. */
export const BENGALURU = {
  fullName: "Asha Menon",
  address1: "14 Residency Road",
  pin: "560025",
};

/**
 * Checkout step 1: saves a new address (the dialog with JavaScript, the page's own form without)
 * and delivers there, waiting for the summary step.
 */
export async function addAddressAndDeliver(
  page: Page,
  info: TestInfo,
  address: { fullName: string; address1: string; pin: string } = BENGALURU,
) {
  const js = info.project.name === "js";
  await expect(page.getByRole("list", { name: "Checkout steps" })).toBeVisible();
  const scope = js
    ? page.getByRole("dialog")
    : page.getByRole("region", { name: "Add New Address" });
  if (js) await page.getByRole("button", { name: "+ Add New Address" }).click();
  await scope.getByLabel("Full name").fill(address.fullName);
  await scope.getByLabel("Phone").fill("9876543210");
  await scope.getByLabel("Address line 1").fill(address.address1);
  await scope.getByLabel("City").fill("Bengaluru");
  await scope.getByLabel("State").fill("Karnataka");
  await scope.getByLabel("PIN code").fill(address.pin);
  await scope.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByText(address.address1, { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Deliver to This Address" }).first().click();
  await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();
  await expect(page).toHaveURL(/step=summary.*address=\d+/);
}
