import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";
import { ADMIN, imageFile, uniqueSlug } from "./admin-support";
import { addAddressAndDeliver, signUpAndLogIn } from "./cart-support";

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
  await addAddressAndDeliver(page, info, {
    fullName: "Meera Iyer",
    address1: "7 Lavelle Road",
    pin: "560001",
  });
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
