// A return in the browser, with JavaScript on and off: the shopper asks to return a delivered item
// with a photo; the admin approves it and, when it arrives, refunds it; each step shows on the
// shopper's order page.
import { expect } from "@playwright/test";
import { adminTest as test, imageFile } from "./admin-support";
import { shopperWithPaidOrder } from "./order-support";

test.describe.configure({ timeout: 120_000 });

const ADDRESS = {
  fullName: "Ravi Kumar",
  phone: "9876543210",
  address1: "4 Hill View",
  address2: "",
  city: "Shimla",
  state: "Himachal Pradesh",
  postalCode: "171001",
  country: "India",
};

test("a paid order that has not shipped is cancelled after a confirmation, and refunded", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const shopper = await shopperWithPaidOrder(browser, baseURL!, {
    tag: `cancel-${info.project.name}`,
    address: ADDRESS,
    javaScriptEnabled,
  });
  const s = shopper.page;
  await s.goto(`/order/${shopper.orderId}`);
  await expect(s.getByText("Cancelling it refunds the full amount.")).toBeVisible();
  // The confirming button shows only once "Cancel this order" is opened.
  const confirm = s.getByRole("button", { name: "Yes, cancel the order" });
  await expect(confirm).toBeHidden();
  await s.getByText("Cancel this order", { exact: true }).click();
  await expect(
    s.getByText(`Cancel order #${shopper.orderId}? This cannot be undone.`),
  ).toBeVisible();
  await confirm.click();
  await expect(s.getByText("Your order is cancelled and the full amount is refunded.")).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expect(s).toHaveURL(new RegExp(`/order/${shopper.orderId}$`));
  await expect(s.getByText("Cancel this order", { exact: true })).toHaveCount(0);
  await expect(s.getByText(/^Refund of .*: processed$/)).toBeVisible();
  await shopper.context.close();
});

test("a delivered item is returned with a photo, approved, received and refunded", async ({
  page: admin,
  browser,
  baseURL,
  javaScriptEnabled,
}, info) => {
  const shopper = await shopperWithPaidOrder(browser, baseURL!, {
    tag: `returns-${info.project.name}`,
    address: ADDRESS,
    javaScriptEnabled,
  });
  const { orderId } = shopper;
  const detail = admin.getByRole("region", { name: new RegExp(`^Order #${orderId}\\b`) });

  // Before it ships, the shopper could cancel; the admin ships and delivers it.
  await shopper.page.goto(`/order/${orderId}`);
  await expect(shopper.page.getByText("Cancel this order", { exact: true })).toBeVisible();
  await admin.goto(`/admin/orders/${orderId}`);
  await detail.getByLabel("Tracking number").fill("BLUEDART 4455667788");
  await detail.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByText("Order marked as shipped")).toBeVisible({ timeout: 20_000 });
  await detail.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByText("Order marked as delivered")).toBeVisible({ timeout: 20_000 });

  // The shopper asks for a return, with a reason and a photo.
  const s = shopper.page;
  await s.goto(`/order/${orderId}`);
  await expect(s.getByText("Cancel this order", { exact: true })).toHaveCount(0);
  // The last day for a return reads the same on the order and on the return form (India's date).
  const until = (await s.getByText(/^Return items \(until .+\)$/).textContent())?.match(
    /until (.+)\)/,
  )?.[1];
  expect(until).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await s.getByRole("link", { name: "Return items" }).click();
  await expect(s).toHaveURL(new RegExp(`/order/${orderId}/return$`));
  await expect(s.getByText(`You can ask for a return until ${until}.`)).toBeVisible();
  await s.getByRole("button", { name: "Ask for a return" }).click();
  await expect(s.getByText("Choose at least one item to return.")).toBeVisible({ timeout: 20_000 });
  // The focus is on the first field to fix, with JavaScript and without: the quantity...
  await expect(s.getByRole("spinbutton", { name: /you bought 1/ })).toBeFocused();
  await s.getByRole("spinbutton", { name: /you bought 1/ }).fill("1");
  // A refused request keeps the quantity chosen (without JavaScript the page is rendered anew).
  await s.getByLabel("Why are you returning them?").fill("Bent");
  await s.getByRole("button", { name: "Ask for a return" }).click();
  await expect(s.getByText("Tell us why, in 5 to 1000 characters.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(s.getByRole("spinbutton", { name: /you bought 1/ })).toHaveValue("1");
  await expect(s.getByLabel("Why are you returning them?")).toHaveValue("Bent");
  // ...then, once the quantity is right, the reason.
  await expect(s.getByLabel("Why are you returning them?")).toBeFocused();
  await s.getByLabel("Why are you returning them?").fill("The mounting bracket arrived bent");
  await s.getByLabel(/^Photos/).setInputFiles(await imageFile("bent.png", "#7f8c8d"));
  await s.getByRole("button", { name: "Ask for a return" }).click();
  await expect(s).toHaveURL(new RegExp(`/order/${orderId}$`), { timeout: 20_000 });
  await expect(s.getByText("Asked for, waiting for our answer")).toBeVisible();

  // The admin sees the reason and the photo, approves, then refunds on arrival.
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(detail).toContainText("The mounting bracket arrived bent");
  await expect(detail.getByRole("img", { name: /^Return \d+, shopper's view 1$/ })).toBeVisible();
  // Declining needs a reason: the message sits with that return, at its field (which, without
  // JavaScript, the refused page brings back into view).
  await detail.getByRole("button", { name: /^Decline return #/ }).click();
  const reasonMessage = detail
    .getByRole("listitem")
    .getByText("Give the shopper a reason for declining.");
  await expect(reasonMessage).toBeVisible({ timeout: 20_000 });
  const declineReason = detail.getByLabel("Reason to decline");
  await expect(declineReason).toHaveAttribute("aria-invalid", "true");
  await expect(declineReason).toHaveAccessibleDescription(
    "Give the shopper a reason for declining.",
  );
  if (!javaScriptEnabled) {
    await expect(declineReason).toBeFocused();
    await expect(reasonMessage).toBeInViewport();
  }
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
