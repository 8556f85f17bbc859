import { expect, type Browser } from "@playwright/test";

export type DeliveryAddress = {
  fullName: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/**
 * A new shopper, logged in in a context of its own, who bought one product (not a wheel) through
 * the API and paid on the sandbox's payment page; its page is left on the order page. Close the
 * context when done.
 */
export async function shopperWithPaidOrder(
  browser: Browser,
  baseURL: string,
  {
    tag,
    address,
    javaScriptEnabled = true,
  }: { tag: string; address: DeliveryAddress; javaScriptEnabled?: boolean },
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    storageState: { cookies: [], origins: [] },
  });
  const request = context.request;
  const email = `${tag}-${Date.now()}-${process.pid}@example.com`;
  const password = "overland-trail-42";
  expect((await request.post("/api/v1/register", { data: { email, password } })).status()).toBe(
    201,
  );
  const { token } = await (
    await request.post("/api/v1/login", { data: { email, password } })
  ).json();
  const auth = { Authorization: `Bearer ${token}` };
  await request.post("/login", {
    form: { email, password, redirectTo: "" },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect((await request.post("/api/v1/billing", { data: address, headers: auth })).ok()).toBe(true);
  const products = (await (await request.get("/api/v1/allProducts")).json()) as {
    id: number;
    inStock: boolean;
    category: string;
  }[];
  const candidates = products.filter((p) => p.inStock && p.category !== "wheels");
  const product = candidates[(process.pid + Date.now()) % candidates.length];
  const created = await request.post("/api/v1/checkout/create-order", {
    data: { productId: product.id, quantity: 1, checkoutType: "single" },
    headers: auth,
  });
  expect(created.status()).toBe(201);
  const { orderId, razorpayOrderId } = await created.json();
  const page = await context.newPage();
  await page.goto(`/checkout/sandbox/${razorpayOrderId}`);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`), { timeout: 30_000 });
  return { page, context, orderId: Number(orderId), email };
}
