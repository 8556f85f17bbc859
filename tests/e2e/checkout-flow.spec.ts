import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type Route,
  type TestInfo,
} from "@playwright/test";
import { addAddressAndDeliver, pickProducts, signUpAndLogIn } from "./cart-support";

const js = (info: TestInfo) => info.project.name === "js";

// Logging in hashes a password on purpose slowly, and the flows are long: room for a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Puts a product in the logged-in shopper's cart through the JSON API. */
async function addToCartViaApi(
  request: APIRequestContext,
  account: { email: string; password: string },
  productId: number,
) {
  const login = await request.post("/api/v1/login", { data: account });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const add = await request.post("/api/v1/cart/addItem", {
    headers: { Authorization: `Bearer ${token}` },
    data: { productId, quantity: 1 },
  });
  expect(add.ok()).toBe(true);
}

/** From the summary, Pay Now, then the sandbox's Pay or Fail. Answers the order id (paid). */
async function payInSandbox(page: Page, info: TestInfo, outcome: "pay" | "fail") {
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  return payNow(page, info, outcome);
}

/** On the payment step, Pay Now, then the sandbox's Pay (a page without JS, a dialog with it). */
async function payNow(page: Page, info: TestInfo, outcome: "pay" | "fail") {
  await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
  if (!js(info)) await expect(page).toHaveURL(/\/checkout\/sandbox\/order_/);
  const panel = page.getByRole("region", { name: "Test payment" });
  await expect(panel).toBeVisible();
  if (outcome === "fail") {
    await panel.getByRole("button", { name: "Fail payment" }).click();
    return null;
  }
  await panel.getByRole("button", { name: /^Pay ₹/ }).click();
  if (js(info)) {
    await expect(page.getByRole("dialog", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Redirecting to your order...")).toBeVisible();
  }
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  return Number(page.url().split("/").at(-1));
}

test("cart -> address -> summary -> pay in the sandbox -> order page -> orders list", async ({
  page,
  request,
}, info) => {
  const { first } = await pickProducts(request);
  const account = await signUpAndLogIn(page, request, "/cart");
  await addToCartViaApi(request, account, first.id);
  await page.reload();
  // The cart and the summary say whether GST is on top: it is in the prices.
  await expect(page.getByText("Prices include GST.")).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await addAddressAndDeliver(page, info);
  const summary = page.getByRole("list", { name: "Items" });
  await expect(summary.getByText(first.title)).toBeVisible();
  await expect(page.getByText("Prices include GST.")).toBeVisible();
  await expect(summary.getByText("Quantity: 1")).toBeVisible();
  // Back and forward through the URL.
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("link", { name: "Deliver to This Address" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Order Summary" })).toBeVisible();

  const orderId = await payInSandbox(page, info, "pay");
  await expect(page.getByText("Payment successful!", { exact: true })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  await expect(page.getByText(first.title)).toBeVisible();
  await expect(page.getByText("Asha Menon")).toBeVisible();
  await expect(page.getByText(/^pay_/)).toBeVisible();

  await page.goto("/userOrders");
  await expect(page.getByRole("link", { name: `Order #${orderId}` })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("a failed payment leaves the order unpaid and the cart as it was", async ({
  page,
  request,
}, info) => {
  const { second } = await pickProducts(request);
  const account = await signUpAndLogIn(page, request, "/cart");
  await addToCartViaApi(request, account, second.id);
  await page.goto("/checkout");
  await addAddressAndDeliver(page, info);
  await payInSandbox(page, info, "fail");
  await expect(
    // Said once (the toast), not again in the page.
    page.getByText("Payment failed. Your cart is unchanged; you can try again."),
  ).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: second.title, exact: true })).toBeVisible();
  await page.goto("/userOrders");
  await expect(page.getByText("No orders found.")).toBeVisible();
});

test("keyboard only, the payment window takes focus, Esc closes it and focus is back on Pay Now", async ({
  page,
  request,
}, info) => {
  test.skip(!js(info), "the payment window is a page of its own without JavaScript");
  await page.setViewportSize({ width: 360, height: 740 });
  const { second } = await pickProducts(request);
  const account = await signUpAndLogIn(page, request, "/cart");
  await addToCartViaApi(request, account, second.id);
  await page.goto("/checkout");
  await addAddressAndDeliver(page, info);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  const payNowButton = page.getByRole("button", { name: /^Pay Now ₹/ });
  await payNowButton.focus();
  await page.keyboard.press("Enter");
  const window = page.getByRole("dialog", { name: "Test payment" });
  await expect(window.getByRole("button", { name: /^Pay ₹/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(window).toHaveCount(0);
  await expect(payNowButton).toBeFocused();
  // Pay Now opens the same payment again, and it can be paid from the keyboard.
  await page.keyboard.press("Enter");
  await expect(window.getByRole("button", { name: /^Pay ₹/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 10_000 });
});

test("a payment whose result never reached the shop says 'Payment verification error'; paying again completes the same order", async ({
  page,
  request,
}, info) => {
  test.skip(!js(info), "without JavaScript the browser itself posts the result to the callback");
  const { first } = await pickProducts(request);
  const account = await signUpAndLogIn(page, request, "/cart");
  await addToCartViaApi(request, account, first.id);
  await page.goto("/checkout");
  await addAddressAndDeliver(page, info);
  await page.getByRole("link", { name: "Proceed to Payment" }).click();
  const lost = (route: Route) => route.abort("internetdisconnected");
  await page.route("**/checkout/callback", lost);
  await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
  const panel = page.getByRole("region", { name: "Test payment" });
  await panel.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByRole("alert")).toContainText("Payment verification error");
  await expect(page).toHaveURL(/step=payment/);

  await page.unroute("**/checkout/callback", lost);
  await page.getByRole("button", { name: /^Pay Now ₹/ }).click();
  await panel.getByRole("button", { name: /^Pay ₹/ }).click();
  await expect(page.getByRole("dialog", { name: "Payment Successful!" })).toBeVisible();
  await expect(page).toHaveURL(/\/order\/\d+$/, { timeout: 10_000 });
  const orderId = Number(page.url().split("/").at(-1));
  await page.goto("/userOrders");
  await expect(page.getByRole("link", { name: /^Order #/ })).toHaveCount(1);
  await expect(page.getByRole("link", { name: `Order #${orderId}` })).toBeVisible();
});

test("Buy Now orders the one product, leaving the cart alone", async ({ page, request }, info) => {
  const { first, second } = await pickProducts(request);
  const account = await signUpAndLogIn(page, request, `/product/${first.id}`);
  await addToCartViaApi(request, account, second.id);
  await page.reload();
  await page.getByRole("combobox", { name: "Quantity", exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Buy Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?.*productId=${first.id}`));
  await addAddressAndDeliver(page, info);
  await expect(page).toHaveURL(new RegExp(`productId=${first.id}`));
  await expect(page.getByRole("list", { name: "Items" }).getByText("Quantity: 2")).toBeVisible();
  const paymentStep = page.url();
  await expect(page.getByText(/^You ordered this on/)).toHaveCount(0);
  const orderId = await payInSandbox(page, info, "pay");
  await expect(page.getByText("Quantity: 2")).toBeVisible();
  // Back to the payment step (as the Back button does): it says the item is ordered and paid.
  await page.goto(paymentStep);
  await expect(page.getByRole("status").filter({ hasText: /^You ordered this on/ })).toContainText(
    `order #${orderId} (Paid)`,
  );
  await expect(page.getByRole("link", { name: `See order #${orderId}` })).toHaveAttribute(
    "href",
    `/order/${orderId}`,
  );
  await page.goto("/userOrders");
  await expect(page.getByRole("link", { name: `Order #${orderId}` })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: second.title, exact: true })).toBeVisible();
});

test("a failed Buy Now payment comes back to its payment step, and paying again orders it", async ({
  page,
  request,
}, info) => {
  const { first } = await pickProducts(request);
  await signUpAndLogIn(page, request, `/product/${first.id}`);
  await page.getByRole("combobox", { name: "Quantity", exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Buy Now" }).click();
  await addAddressAndDeliver(page, info);
  await payInSandbox(page, info, "fail");
  await expect(page.getByText("Payment failed. You can try again.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`step=payment.*productId=${first.id}.*quantity=2`));
  // A failed attempt is no order: nothing says it was ordered.
  await expect(page.getByText(/^You ordered this on/)).toHaveCount(0);
  await payNow(page, info, "pay");
  await expect(page.getByText("Quantity: 2")).toBeVisible();
});

test("checkout and orders ask a visitor to log in; someone else's order is not found", async ({
  page,
  request,
}) => {
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout/);
  await expect(page.getByText("Login required!")).toBeVisible();
  await page.goto("/userOrders");
  await expect(page.getByText("Please log in to view orders.")).toBeVisible();
  await page.goto("/billing");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout/);
  await signUpAndLogIn(page, request, "/userOrders");
  await expect(page.getByText("No orders found.")).toBeVisible();
  const res = await page.goto("/order/1");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
});

test("an order left waiting for its payment says until when its items are kept, and 'Pay' there places it", async ({
  page,
  request,
}) => {
  const { second } = await pickProducts(request);
  const account = await signUpAndLogIn(page, request, "/");
  const { token } = (await (await request.post("/api/v1/login", { data: account })).json()) as {
    token: string;
  };
  const auth = { Authorization: `Bearer ${token}` };
  const saved = await request.post("/api/v1/billing", {
    headers: auth,
    data: {
      fullName: "Asha Menon",
      phone: "9876543210",
      address1: "14 Residency Road",
      address2: "",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560025",
      country: "India",
    },
  });
  expect(saved.ok()).toBe(true);
  const created = await request.post("/api/v1/checkout/create-order", {
    headers: auth,
    data: { productId: second.id, quantity: 1, checkoutType: "single" },
  });
  expect(created.status()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: number };

  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole("heading", { name: "Waiting for your payment" })).toBeVisible();
  const pay = page.getByRole("region", { name: "Complete payment" });
  await expect(pay.getByText(/Your items are kept for you until \d{1,2}:\d{2}/)).toBeVisible();
  await pay.getByRole("link", { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/order_/);
  await page
    .getByRole("region", { name: "Test payment" })
    .getByRole("button", { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`), { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Complete payment" })).toHaveCount(0);
});
