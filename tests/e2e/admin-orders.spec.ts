import { expect, type Browser, type Locator } from "@playwright/test";
import { adminTest as test } from "./admin-support";
import { shopperWithPaidOrder } from "./order-support";

test.describe.configure({ timeout: 90_000 });

/** A customer buys one product through the API and pays on the sandbox's payment page. */
async function paidOrder(browser: Browser, baseURL: string) {
  const shopper = await shopperWithPaidOrder(browser, baseURL, {
    tag: "admin-orders",
    address: {
      fullName: "Asha Rao",
      phone: "9876543210",
      address1: "12 Ridge Road",
      address2: "",
      city: "Pune",
      state: "Maharashtra",
      postalCode: "411001",
      country: "India",
    },
  });
  // What the shopper's order page says they paid.
  const paidPaise = await paise(shopper.page.locator("dt:text-is('Total Paid') + dd data"));
  await shopper.context.close();
  return { orderId: shopper.orderId, email: shopper.email, paidPaise };
}

/** The paise of each price in `prices` (a price is a <data> element with its rupees as value). */
async function paise(prices: Locator): Promise<number> {
  const values = await prices.evaluateAll((all) => all.map((d) => d.getAttribute("value")));
  expect(values.length).toBeGreaterThan(0);
  return values.reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);
}

test("an admin sees a paid order and moves it along: ship with tracking, deliver, refund", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const { orderId, email, paidPaise } = await paidOrder(browser, baseURL!);

  await page.goto("/admin/orders?status=paid");
  const card = page.getByRole("article", { name: new RegExp(`^Order #${orderId}\\b`) });
  await expect(card).toContainText(email);
  await expect(card).toContainText("Asha Rao");
  await expect(card).toContainText("Pune");
  await expect(card).toContainText("Paid");
  // The card's total is what the shopper paid, and its lines (items, shipping) add up to it.
  expect(await paise(card.locator("dt:text-is('Total') + dd data"))).toBe(paidPaise);
  await expect(card.getByRole("listitem").filter({ hasText: /^Shipping: / })).toHaveCount(1);
  expect(await paise(card.locator("li data"))).toBe(paidPaise);
  await card.getByRole("link", { name: `Manage order #${orderId}` }).click();

  const detail = page.getByRole("region", { name: new RegExp(`^Order #${orderId}\\b`) });
  await expect(detail).toContainText(email);
  // So does the order's page: its items, shipping and a COD fee add up to the total paid.
  expect(await paise(detail.locator("dt:text-is('Total') + dd data"))).toBe(paidPaise);
  await expect(detail.locator("dt:text-is('Shipping')")).toHaveCount(1);
  expect(
    await paise(
      detail.locator(
        "dt:text-is('Items') + dd data, dt:text-is('Shipping') + dd data, dt:text-is('Cash on delivery fee') + dd data",
      ),
    ),
  ).toBe(paidPaise);
  // Shipping needs the courier's tracking number; a refused one stays in its field.
  await detail.getByLabel("Tracking number").fill("ab");
  await detail.getByRole("button", { name: "Mark shipped" }).click();
  await expect(detail.getByText("Enter the courier's tracking number")).toBeVisible({
    timeout: 20_000,
  });
  await expect(detail.getByLabel("Tracking number")).toHaveValue("ab");
  // Without JavaScript the refused page is new: it brings the admin back to the field.
  if (!javaScriptEnabled) await expect(detail.getByLabel("Tracking number")).toBeFocused();
  await detail.getByLabel("Tracking number").fill("DTDC 123456789");
  await detail.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText("Order marked as shipped")).toBeVisible({ timeout: 20_000 });
  await expect(detail).toContainText("DTDC 123456789");
  await expect(detail.getByText("Cancel order", { exact: true })).toHaveCount(0);

  await detail.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByText("Order marked as delivered")).toBeVisible({ timeout: 20_000 });
  // A paid online order is refunded through the payment provider (the sandbox here), every unit.
  await expect(detail.getByRole("button", { name: "Mark refunded" })).toHaveCount(0);
  // Its status goes no further: the page says so rather than leaving "Next step" empty.
  await expect(detail).toContainText("Nothing to do: this order is delivered.");
  await detail.getByLabel("Or an amount (₹)").fill("12,00");
  await detail.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(detail.getByText("Enter the amount in rupees, e.g. 1499.50")).toBeVisible({
    timeout: 20_000,
  });
  await expect(detail.getByLabel("Or an amount (₹)")).toHaveValue("12,00");
  if (!javaScriptEnabled) await expect(detail.getByLabel("Or an amount (₹)")).toBeFocused();
  await detail.getByLabel("Or an amount (₹)").fill("");
  for (const units of await detail
    .getByRole("spinbutton", { name: /^Units of .* to refund/ })
    .all()) {
    await units.fill((await units.getAttribute("max"))!);
  }
  await detail.getByRole("button", { name: "Refund", exact: true }).click();
  // Nothing moves yet: the form asks to confirm what it comes to (here the whole payment).
  const confirm = detail.getByRole("button", { name: /^Confirm refund of / });
  await expect(confirm).toBeVisible({ timeout: 20_000 });
  expect(await paise(confirm.locator("data"))).toBe(paidPaise);
  await expect(confirm).toBeFocused();
  await expect(detail.getByText("No refunds.")).toBeVisible();
  await confirm.click();
  await expect(page.getByText("Refund processed")).toBeVisible({ timeout: 20_000 });
  await expect(detail).toContainText("Nothing to do: this order is refunded.");

  // The API door lists it too, with the spec's fields.
  const admin = await (
    await page.request.post("/api/v1/login", {
      data: { email: "admin@example.com", password: "admin-password-123" },
    })
  ).json();
  const orders = await (
    await page.request.get("/api/v1/adminOrders?status=refunded", {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
  ).json();
  const listed = orders.find((o: { id: number }) => o.id === orderId);
  expect(listed).toMatchObject({
    user: { email },
    billingAddress: { fullName: "Asha Rao", city: "Pune" },
  });
  expect(listed.totalAmount).toBeGreaterThan(0);
});

test("an admin cancels a paid order only after confirming it, and the payment is refunded", async ({
  page,
  browser,
  baseURL,
}) => {
  const { orderId } = await paidOrder(browser, baseURL!);
  await page.goto(`/admin/orders/${orderId}`);
  const detail = page.getByRole("region", { name: new RegExp(`^Order #${orderId}\\b`) });
  // The first click only asks; the order is still paid.
  await detail.getByText("Cancel order", { exact: true }).click();
  const confirm = detail.getByRole("button", { name: "Yes, cancel the order" });
  await expect(confirm).toBeVisible();
  await expect(
    detail.getByText(
      `Cancel order #${orderId}? What was paid online is refunded to the shopper. This cannot be undone.`,
    ),
  ).toBeVisible();
  await expect(detail.getByRole("heading", { level: 1 })).toHaveText(`Order #${orderId} Paid`);
  await confirm.click();
  await expect(page.getByText(/^Order cancelled and .* refunded$/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(detail.getByRole("heading", { level: 1 })).toHaveText(`Order #${orderId} Refunded`);
});

test("the dashboard's orders needing attention open the order list filtered to them", async ({
  page,
}) => {
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Orders needing attention/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=attention$/);
  await expect(page.getByLabel("Status")).toHaveValue("attention");
  await expect(page.getByText(/^\d+ orders? needing attention$/)).toBeVisible();
});

test("an admin finds an order by its number or by the customer's e-mail", async ({
  page,
  browser,
  baseURL,
}) => {
  const { orderId, email } = await paidOrder(browser, baseURL!);
  await page.goto("/admin/orders");
  for (const q of [`#${orderId}`, email.toUpperCase()]) {
    await page.getByLabel("Find an order").fill(q);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText(`1 order matching “${q}”`)).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(
      page.getByRole("article", { name: new RegExp(`^Order #${orderId}\\b`) }),
    ).toContainText(email);
  }
  await page.getByRole("link", { name: `Manage order #${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}\\?q=`));
  await expect(page.getByLabel("Find an order")).toHaveValue(email.toUpperCase());
});
