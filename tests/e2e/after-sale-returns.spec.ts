// A return in the browser, with JavaScript on and off: the shopper asks to return a delivered item
// with a photo; the admin approves it and, when it arrives, refunds it; each step shows on the
// shopper's order page.
import { expect, type Browser } from "@playwright/test";
import { adminTest as test, imageFile } from "./admin-support";

test.describe.configure({ timeout: 120_000 });

/** A shopper (logged in, in its own context) who bought one product and paid in the sandbox. */
async function shopperWithPaidOrder(browser: Browser, baseURL: string, tag: string) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const request = context.request;
  const email = `returns-${tag}-${Date.now()}-${process.pid}@example.com`;
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
  const address = {
    fullName: "Ravi Kumar",
    phone: "9876543210",
    address1: "4 Hill View",
    address2: "",
    city: "Shimla",
    state: "Himachal Pradesh",
    postalCode: "171001",
    country: "India",
  };
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
  return { page, context, orderId: Number(orderId) };
}

test("a delivered item is returned with a photo, approved, received and refunded", async ({
  page: admin,
  browser,
  baseURL,
}, info) => {
  const shopper = await shopperWithPaidOrder(browser, baseURL!, info.project.name);
  const { orderId } = shopper;
  const detail = admin.getByRole("region", { name: new RegExp(`^Order #${orderId}\\b`) });

  // Before it ships, the shopper could cancel; the admin ships and delivers it.
  await shopper.page.goto(`/order/${orderId}`);
  await expect(shopper.page.getByRole("button", { name: "Cancel this order" })).toBeVisible();
  await admin.goto(`/admin/orders/${orderId}`);
  await detail.getByLabel("Tracking number").fill("BLUEDART 4455667788");
  await detail.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByText("Order marked as shipped")).toBeVisible({ timeout: 20_000 });
  await detail.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByText("Order marked as delivered")).toBeVisible({ timeout: 20_000 });

  // The shopper asks for a return, with a reason and a photo.
  const s = shopper.page;
  await s.goto(`/order/${orderId}`);
  await expect(s.getByRole("button", { name: "Cancel this order" })).toHaveCount(0);
  await s.getByRole("link", { name: "Return items" }).click();
  await expect(s).toHaveURL(new RegExp(`/order/${orderId}/return$`));
  await s.getByRole("button", { name: "Ask for a return" }).click();
  await expect(s.getByText("Choose at least one item to return.")).toBeVisible({ timeout: 20_000 });
  await s.getByRole("spinbutton", { name: /you bought 1/ }).fill("1");
  await s.getByLabel("Why are you returning them?").fill("The mounting bracket arrived bent");
  await s.getByLabel(/^Photos/).setInputFiles(await imageFile("bent.png", "#7f8c8d"));
  await s.getByRole("button", { name: "Ask for a return" }).click();
  await expect(s).toHaveURL(new RegExp(`/order/${orderId}$`), { timeout: 20_000 });
  await expect(s.getByText("Asked for, waiting for our answer")).toBeVisible();

  // The admin sees the reason and the photo, approves, then refunds on arrival.
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(detail).toContainText("The mounting bracket arrived bent");
  await expect(detail.getByRole("img", { name: /^Return \d+, shopper's view 1$/ })).toBeVisible();
  await detail.getByRole("button", { name: /^Approve return #/ }).click();
  await expect(admin.getByText("Return approved")).toBeVisible({ timeout: 20_000 });
  await detail.getByRole("button", { name: /^Items received: refund return #/ }).click();
  await expect(admin.getByText("Return refunded")).toBeVisible({ timeout: 20_000 });
  await expect(detail).toContainText(/processed \(rfnd_/);

  await s.goto(`/order/${orderId}`);
  await expect(s.getByText("Received and refunded")).toBeVisible();
  await expect(s.getByText(/Refund of .*: processed/)).toBeVisible();
  await shopper.context.close();
});
