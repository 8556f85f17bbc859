import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";
import { ADMIN, imageFile, uniqueSlug } from "./admin-support";
import { signUpAndLogIn } from "./cart-support";

// Logging in hashes a password on purpose slowly: room for a busy machine.
test.describe.configure({ timeout: 150_000 });

const js = (info: TestInfo) => info.project.name === "js";

/** A product of its own (no other test buys it), at `rupees`; answers its id and a re-pricer. */
async function ownProduct(request: APIRequestContext, rupees: number) {
  const { token } = await (await request.post("/api/v1/login", { data: ADMIN })).json();
  const slug = uniqueSlug("price-change");
  const fields = async (price: number) => ({
    title: `Recovery Strap ${slug}`,
    slug,
    brand: "ARB",
    price: String(price * 100),
    description: "A recovery strap. Eight tonnes. Ten metres.",
    category: "generic_accessories",
    inStock: "true",
    colors: "[]",
    size: "[]",
    image: await imageFile("strap.png", "#a33"),
  });
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.post("/api/v1/products/upload", {
    headers,
    multipart: await fields(rupees),
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).product.id as number;
  const reprice = async (price: number) => {
    const update = await request.put(`/api/v1/products/update/${id}`, {
      headers,
      multipart: await fields(price),
    });
    expect(update.ok()).toBe(true);
  };
  return { id, reprice };
}

test("a price that changes while the payment step is open is not charged unseen: Pay Now shows the new total first", async ({
  page,
  request,
}, info) => {
  const product = await ownProduct(request, 6000);
  await signUpAndLogIn(page, request, `/product/${product.id}`);
  await page.getByRole("button", { name: "Buy Now" }).click();
  const scope = js(info)
    ? page.getByRole("dialog")
    : page.getByRole("region", { name: "Add New Address" });
  if (js(info)) await page.getByRole("button", { name: "+ Add New Address" }).click();
  await scope.getByLabel("Full name").fill("Meera Iyer");
  await scope.getByLabel("Phone").fill("9876543210");
  await scope.getByLabel("Address line 1").fill("7 Lavelle Road");
  await scope.getByLabel("City").fill("Bengaluru");
  await scope.getByLabel("State").selectOption("Karnataka");
  await scope.getByLabel("PIN code").fill("560001");
  await scope.getByRole("button", { name: "Save Address" }).click();
  await page.getByRole("link", { name: "Deliver to This Address" }).first().click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page.getByRole("button", { name: "Pay Now ₹6,000.00" })).toBeVisible();

  // The admin raises the price while the shopper reads the page.
  await product.reprice(6500);
  await page.getByRole("button", { name: "Pay Now ₹6,000.00" }).click();
  await expect(page.getByText(/^The total is now ₹6,500\.00/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Now ₹6,500.00" })).toBeVisible();

  // The new total, seen, is the one paid.
  await page.getByRole("button", { name: "Pay Now ₹6,500.00" }).click();
  if (!js(info)) await expect(page).toHaveURL(/\/checkout\/sandbox\/order_/);
  await expect(
    page.getByRole("region", { name: "Test payment" }).getByText("₹6,500.00").first(),
  ).toBeVisible();
});
