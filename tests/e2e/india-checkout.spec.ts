import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";
import { ensureDebianCommand } from "../support/debian";
import { logInAsAdmin } from "./admin-support";
import { addAddressAndDeliver, pickProducts, signUpAndLogIn } from "./cart-support";

const js = (info: TestInfo) => info.project.name === "js";

test.describe.configure({ timeout: 180_000 });

type ApiProduct = { id: number; title: string; category: string; price: number; inStock: boolean };

/**
 * An in-stock product without sizes priced under the COD limit: a different one for each test
 * (`which`), never one the other checkout tests buy, so that each is bought at most twice (once
 * per project) whatever its stock.
 */
async function codProduct(request: APIRequestContext, which: number) {
  const picked = await pickProducts(request);
  const all = (await (await request.get("/api/v1/allProducts")).json()) as ApiProduct[];
  const candidates = all.filter(
    (x) =>
      x.inStock &&
      x.category !== "wheels" &&
      x.price < 4_000_000 &&
      x.price > 10_000 &&
      x.id !== picked.first.id &&
      x.id !== picked.second.id,
  );
  expect(candidates.length).toBeGreaterThan(which);
  return candidates[which];
}

test("a payment window closed, then cash on delivery chosen: Place Order places the cash on delivery order, not the online payment", async ({
  page,
  request,
}, info) => {
  test.skip(!js(info), "the payment window opens in the page with JavaScript only");
  const product = await codProduct(request, 2);
  const account = await signUpAndLogIn(page, request, "/");
  const { token } = (await (await request.post("/api/v1/login", { data: account })).json()) as {
    token: string;
  };
  const headers = { Authorization: `Bearer ${token}` };
  const add = await request.post("/api/v1/cart/addItem", {
    headers,
    data: { productId: product.id, quantity: 1 },
  });
  expect(add.ok()).toBe(true);
  const saved = await request.post("/api/v1/billing", {
    headers,
    data: {
      fullName: "Ravi Shetty",
      phone: "9876543210",
      address1: "3 Church Street",
      address2: "",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    },
  });
  expect(saved.ok()).toBe(true);

  await page.goto("/checkout");
  await page.getByRole("link", { name: "Deliver to This Address" }).first().click();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
  const window = page.getByRole("dialog");
  await expect(window.getByRole("region", { name: "Test payment" })).toBeVisible();
  await window.getByRole("button", { name: "Close" }).click();
  await expect(window).toHaveCount(0);
  // Pay Now again, nothing changed: the same order's window.
  await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
  await expect(window.getByRole("region", { name: "Test payment" })).toBeVisible();
  await window.getByRole("button", { name: "Close" }).click();
  await expect(window).toHaveCount(0);

  // The shopper changes their mind: cash on delivery.
  await page.getByRole("radio", { name: /^Cash on delivery/ }).check();
  await page.getByRole("button", { name: /^Place Order ₹/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText("Placed (cash on delivery)")).toBeVisible();
});

test("Check delivery on a product page: a served PIN, one not served, one that does not exist; the PIN is remembered", async ({
  page,
  request,
}) => {
  const product = await codProduct(request, 0);
  await page.goto(`/product/${product.id}`);
  const delivery = page.getByRole("region", { name: "Delivery" });
  await delivery.getByLabel("PIN code").fill("560001");
  await delivery.getByRole("button", { name: "Check delivery" }).click();
  await expect(
    delivery.getByText(
      /^Delivers to 560001 \(Bengaluru\) by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/,
    ),
  ).toBeVisible();
  await expect(delivery.getByText("Cash on delivery available")).toBeVisible();

  await delivery.getByLabel("PIN code").fill("682555");
  await delivery.getByRole("button", { name: "Check delivery" }).click();
  await expect(delivery.getByText("We don't deliver to this PIN yet")).toBeVisible();

  await delivery.getByLabel("PIN code").fill("999999");
  await delivery.getByRole("button", { name: "Check delivery" }).click();
  await expect(
    delivery.getByText("PIN code 999999 does not exist. Please check it."),
  ).toBeVisible();
  await expect(delivery.getByLabel("PIN code")).toHaveAttribute("aria-invalid", "true");

  // The last PIN that exists (682555) is remembered for the next page.
  await page.goto(`/product/${product.id}`);
  await expect(
    page.getByRole("region", { name: "Delivery" }).getByText("We don't deliver to this PIN yet"),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Delivery" }).getByLabel("PIN code")).toHaveValue(
    "682555",
  );
});

test("cash on delivery end to end: placed, confirmed, shipped, delivered (invoice issued), cash collected", async ({
  page,
  request,
  browser,
}, info) => {
  const product = await codProduct(request, 1);
  const account = await signUpAndLogIn(page, request, "/");
  const login = await request.post("/api/v1/login", { data: account });
  const { token } = (await login.json()) as { token: string };
  expect(
    (
      await request.post("/api/v1/cart/addItem", {
        headers: { Authorization: `Bearer ${token}` },
        data: { productId: product.id, quantity: 1 },
      })
    ).ok(),
  ).toBe(true);

  await page.goto("/checkout");
  const scope = js(info)
    ? page.getByRole("dialog")
    : page.getByRole("region", { name: "Add New Address" });
  if (js(info)) await page.getByRole("button", { name: "+ Add New Address" }).click();
  await scope.getByLabel("Full name").fill("Asha Menon");
  await scope.getByLabel("Phone").fill("9876543210");
  await scope.getByLabel("Address line 1").fill("14 Residency Road");
  await scope.getByLabel("City").fill("Bengaluru");
  await scope.getByLabel("State").fill("Karnataka");
  await scope.getByLabel("PIN code").fill("560025");
  await scope.getByRole("button", { name: "Save Address" }).click();
  await page.getByRole("link", { name: "Deliver to This Address" }).first().click();
  await expect(page.getByText("Shipping", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Payment" }).click();

  // The button says what it does for the chosen method, with or without JavaScript.
  await expect(page.getByRole("button", { name: /^Pay Now ₹/ })).toBeVisible();
  await page.getByRole("radio", { name: /^Cash on delivery/ }).check();
  await expect(page.getByText("No cash on delivery fee")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay Now ₹/ })).toHaveCount(0);
  await page.getByRole("button", { name: /^Place Order ₹/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 15_000 });
  const orderId = Number(page.url().split("/").at(-1));
  await expect(page.getByText("Placed (cash on delivery)")).toBeVisible();
  await expect(page.getByText("Cash on delivery", { exact: true })).toBeVisible();
  // Nothing is paid yet: the total is what the courier collects.
  await expect(page.getByText("To pay on delivery", { exact: true })).toBeVisible();
  await expect(page.getByText("Total Paid", { exact: true })).toHaveCount(0);
  expect((await page.request.get(`/order/${orderId}/invoice`)).status()).toBe(404);
  // Until it ships the shopper may cancel it (nothing to refund: no refund promised).
  await expect(page.getByText("Cancel this order")).toBeVisible();
  await expect(page.getByText("Cancelling it refunds the full amount.")).toHaveCount(0);

  // The admin confirms, ships, delivers and records the cash.
  const adminContext = await browser.newContext({ javaScriptEnabled: js(info) });
  const admin = await adminContext.newPage();
  await logInAsAdmin(admin);
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole("button", { name: "Confirm order" }).click();
  await expect(admin.getByText("Order confirmed")).toBeVisible();
  await admin.getByLabel("Tracking number").fill("DTDC12345678");
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByText("Order marked as shipped")).toBeVisible();
  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByText("Order marked as delivered")).toBeVisible();
  await expect(
    admin.getByRole("link", { name: /^Download GST invoice OV\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ }),
  ).toBeVisible();
  await admin.getByRole("button", { name: "Record cash collected" }).click();
  await expect(admin.getByText("Cash collected: the order is paid")).toBeVisible();
  await expect(admin.getByText("Cash on delivery (cash collected)")).toBeVisible();
  // Mark refunded cannot be undone: it only asks, and the order stays delivered.
  await admin.getByText("Mark refunded", { exact: true }).click();
  await expect(
    admin.getByText(
      `Mark order #${orderId} as refunded? Do this once the shopper has the money back. This cannot be undone.`,
    ),
  ).toBeVisible();
  await expect(admin.getByRole("button", { name: "Yes, mark refunded" })).toBeVisible();
  await expect(
    admin
      .getByRole("region", { name: new RegExp(`^Order #${orderId}\\b`) })
      .getByRole("heading", { level: 1 }),
  ).toHaveText(`Order #${orderId} Delivered`);
  await adminContext.close();

  // The shopper downloads the tax invoice: same state (Karnataka), so CGST and SGST.
  await page.reload();
  await expect(page.getByRole("link", { name: /^Download GST invoice OV\// })).toBeVisible();
  await expect(page.getByText("Total Paid", { exact: true })).toBeVisible();
  const pdf = await page.request.get(`/order/${orderId}/invoice`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  if (ensureDebianCommand("pdftotext", "poppler-utils")) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "invoice-")), "invoice.pdf");
    fs.writeFileSync(file, await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("TAX INVOICE");
    expect(text).toContain("Place of supply: Karnataka (code 29)");
    expect(text).toContain("Payment: Cash on delivery");
    expect(text).toMatch(/CGST[\s\S]*SGST/);
    expect(text).not.toContain("IGST");
    expect(text).toContain(product.title.slice(0, 20));
  }
});

test("a business buyer's GSTIN: one of another state than the delivery is refused next to the field, then the right one is taken", async ({
  page,
  request,
}, info) => {
  const product = await codProduct(request, 4);
  const account = await signUpAndLogIn(page, request, "/");
  const login = await request.post("/api/v1/login", { data: account });
  const { token } = (await login.json()) as { token: string };
  const add = await request.post("/api/v1/cart/addItem", {
    headers: { Authorization: `Bearer ${token}` },
    data: { productId: product.id, quantity: 1 },
  });
  expect(add.ok()).toBe(true);
  await page.goto("/checkout");
  await addAddressAndDeliver(page, info);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await page.getByRole("radio", { name: /^Cash on delivery/ }).check();
  await page.getByText("Add a GSTIN for business purchase (optional)").click();
  await page.getByLabel("GSTIN").fill("27AAPFU0939F1ZV");
  await page.getByLabel("Business name").fill("Trail Tech LLP");
  // This shop sends no WhatsApp messages (no WhatsApp account set): no opt-in is offered.
  const whatsapp = page.getByRole("checkbox", { name: /^Send me order updates on WhatsApp/ });
  await expect(whatsapp).toHaveCount(0);
  await page.getByRole("button", { name: /^Place Order ₹/ }).click();
  await expect(
    page.getByText(
      "This GSTIN is registered in Maharashtra, but the order goes to Karnataka. Enter the GSTIN of your business in Karnataka, or leave it empty.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("GSTIN")).toHaveAttribute("aria-invalid", "true");
  // The focus is on the field to fix, with JavaScript and without.
  await expect(page.getByLabel("GSTIN")).toBeFocused();
  await expect(page.getByLabel("Business name")).toHaveValue("Trail Tech LLP");

  await page.getByLabel("GSTIN").fill("29AAPFU0939F1ZR");
  await page.getByRole("radio", { name: /^Cash on delivery/ }).check();
  // The form came back with cash on delivery chosen: its button says so, with or without script.
  await page.getByRole("button", { name: /^Place Order ₹/ }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 15_000 });
});

for (const where of [
  {
    which: 2,
    state: "Karnataka",
    city: "Bengaluru",
    pin: "560025",
    code: "29",
    tax: /CGST[\s\S]*SGST/,
    not: "IGST",
  },
  {
    which: 3,
    state: "Maharashtra",
    city: "Pune",
    pin: "411001",
    code: "27",
    tax: /IGST/,
    not: "CGST",
  },
]) {
  test(`an online order to ${where.state}: its tax invoice shows ${where.not === "IGST" ? "CGST and SGST" : "IGST"}`, async ({
    page,
    request,
  }, info) => {
    const product = await codProduct(request, where.which);
    const account = await signUpAndLogIn(page, request, "/");
    const login = await request.post("/api/v1/login", { data: account });
    const { token } = (await login.json()) as { token: string };
    const add = await request.post("/api/v1/cart/addItem", {
      headers: { Authorization: `Bearer ${token}` },
      data: { productId: product.id, quantity: 1 },
    });
    expect(add.ok()).toBe(true);

    await page.goto("/checkout");
    const scope = js(info)
      ? page.getByRole("dialog")
      : page.getByRole("region", { name: "Add New Address" });
    if (js(info)) await page.getByRole("button", { name: "+ Add New Address" }).click();
    await scope.getByLabel("Full name").fill("Kiran Desai");
    await scope.getByLabel("Phone").fill("9876543210");
    await scope.getByLabel("Address line 1").fill("7 Camp Road");
    await scope.getByLabel("City").fill(where.city);
    await scope.getByLabel("State").fill(where.state);
    await scope.getByLabel("PIN code").fill(where.pin);
    await scope.getByRole("button", { name: "Save Address" }).click();
    await page.getByRole("link", { name: "Deliver to This Address" }).first().click();
    await page.getByRole("link", { name: "Proceed to Payment" }).click();
    await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
    const panel = page.getByRole("region", { name: "Test payment" });
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: /^Pay ₹/ }).click();
    await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 15_000 });
    const orderId = Number(page.url().split("/").at(-1));
    await expect(page.getByRole("link", { name: /^Download GST invoice OV\// })).toBeVisible();

    const pdf = await page.request.get(`/order/${orderId}/invoice`);
    expect(pdf.status()).toBe(200);
    if (ensureDebianCommand("pdftotext", "poppler-utils")) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "invoice-")), "invoice.pdf");
      fs.writeFileSync(file, await pdf.body());
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      expect(text).toContain(`Place of supply: ${where.state} (code ${where.code})`);
      expect(text).toContain("Payment: Paid online");
      expect(text).toMatch(where.tax);
      expect(text).not.toContain(where.not);
    }
    // The API door wants a token.
    expect((await request.get(`/api/v1/orders/${orderId}/invoice`)).status()).toBe(401);
  });
}
