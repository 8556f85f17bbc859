import { test, type Page } from "@playwright/test";
import { expect, pickProducts, signUpAndLogIn } from "./cart-support";

// Each test signs up and logs in (a deliberately slow password hash) before its real work.
test.describe.configure({ timeout: 90_000 });

async function fillAddress(
  scope: Page | ReturnType<Page["locator"]>,
  values: Record<string, string>,
) {
  const labels: Record<string, string> = {
    fullName: "Full name",
    phone: "Phone",
    address1: "Address line 1",
    address2: "Address line 2 (optional)",
    city: "City",
    postalCode: "PIN code",
  };
  for (const [field, label] of Object.entries(labels)) {
    if (values[field] !== undefined)
      await scope.getByLabel(label, { exact: true }).fill(values[field]);
  }
  if (values.state) await scope.getByLabel("State", { exact: true }).fill(values.state);
}

const priya = {
  fullName: "Priya Sharma",
  phone: "98765 4321",
  address1: "14, MG Road",
  address2: "Near Trinity Metro",
  city: "Bengaluru",
  // Typed in small letters: kept as typed, saved in its proper spelling.
  state: "karnataka",
  postalCode: "56001",
};

test("add an address with a mistake, fix it, edit it and delete it", async ({
  page,
  request,
}, testInfo) => {
  await signUpAndLogIn(page, request, "/addresses");
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  await page.getByRole("link", { name: "+ Add New Address" }).click();
  await expect(page.getByRole("heading", { name: "Add New Address" })).toBeVisible();

  // A 9-digit phone and a 5-digit PIN: messages next to the fields, typed values kept.
  await fillAddress(page, priya);
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to save address" })).toBeVisible();
  const phone = page.getByLabel("Phone", { exact: true });
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Enter a 10-digit Indian mobile number/);
  await expect(page.getByLabel("PIN code")).toHaveAccessibleDescription("Enter a 6-digit PIN code");
  await expect(page.getByLabel("Full name")).toHaveValue("Priya Sharma");
  await expect(page.getByLabel("City")).toHaveValue("Bengaluru");
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("karnataka");
  await expect(phone).toHaveValue("98765 4321");
  // The focus is on the first field to fix (with JavaScript by the form, without by the page).
  await expect(phone).toBeFocused();

  await fillAddress(page, { phone: "+91 98765 43210", postalCode: "560001" });
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await expect(page.getByText("Address saved!")).toBeVisible();
  const card = page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Priya Sharma");
  await expect(card).toContainText("Bengaluru, Karnataka 560001");
  await expect(card).toContainText("Phone: 9876543210");

  // Edit: the saved values are in the form.
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Address line 1")).toHaveValue("14, MG Road");
  // A PIN of another state is not taken as the state: the typed one stays and saving says so.
  const looked =
    testInfo.project.name === "js"
      ? page.waitForResponse((r) => r.url().endsWith("/api/v1/pincode/411001"))
      : null;
  await fillAddress(page, { postalCode: "411001" });
  await page.getByLabel("PIN code").press("Tab");
  await looked;
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("Karnataka");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByLabel("PIN code")).toHaveAccessibleDescription(
    "PIN 411001 is in Maharashtra, not Karnataka.",
  );
  await expect(page.getByLabel("PIN code")).toBeFocused();
  await expect(page.getByLabel("State", { exact: true })).toHaveValue("Karnataka");
  await fillAddress(page, { city: "Mysuru", postalCode: "570001" });
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await expect(card).toContainText("Mysuru, Karnataka 570001");

  // A line of one long word wraps inside its card on a phone; the page does not scroll sideways.
  const longWord = "Plot-No.".padEnd(150, "X");
  await card.getByRole("link", { name: /^Edit/ }).click();
  await fillAddress(page, { address1: longWord });
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(card).toContainText(longWord);
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Delete asks first: in the card with JavaScript (no page load), on its own page without.
  const js = testInfo.project.name === "js";
  const question = page.getByRole("group", { name: "Delete this address?" });
  const askDelete = async () => {
    // Before React hydrates, the link loads the question's page, as without JavaScript.
    if (js)
      await page.waitForFunction(() =>
        Object.keys(document).some((key) => key.startsWith("__reactContainer")),
      );
    await card.getByRole("link", { name: /^Delete/ }).click();
    await expect(question).toBeVisible();
    await expect(page).toHaveURL(
      js ? /\/addresses$/ : /\/addresses\/\d+\/delete\?redirectTo=%2Faddresses$/,
    );
    if (js) await expect(card.getByRole("group", { name: "Delete this address?" })).toBeVisible();
    // Which address: the card around the question, or on its page, the question itself.
    await expect(js ? card : question).toContainText("Mysuru, Karnataka 570001");
    await expect(question.getByRole("button", { name: /^Delete/ })).toBeFocused();
  };
  await askDelete();
  // Cancel keeps it (asking deleted nothing).
  await question.getByRole(js ? "button" : "link", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/addresses$/);
  if (js) await expect(card.getByRole("link", { name: /^Delete/ })).toBeFocused();
  await page.reload();
  await expect(card).toHaveCount(1);
  if (js) {
    // Esc is Cancel too.
    await askDelete();
    await page.keyboard.press("Escape");
    await expect(question).toBeHidden();
    await expect(card.getByRole("link", { name: /^Delete/ })).toBeFocused();
  }

  await askDelete();
  await question.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
  await expect(page.getByText("Address deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/addresses$/);
  await page.reload();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();
});

test("with JavaScript one delete question at a time, and the focus stays in the list", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the question in the card needs JavaScript");
  const { email, password } = await signUpAndLogIn(page, request, "/");
  const { token } = await (
    await request.post("/api/v1/login", { data: { email, password } })
  ).json();
  for (const [fullName, city, state, postalCode] of [
    ["Priya Sharma", "Bengaluru", "Karnataka", "560001"],
    ["Arjun Nair", "Kochi", "Kerala", "682031"],
  ]) {
    const res = await request.post("/api/v1/billing", {
      headers: { authorization: `Bearer ${token}` },
      data: { ...priya, fullName, city, state, postalCode, phone: "9876543210" },
    });
    expect(res.status()).toBeLessThan(300);
  }
  await page.goto("/addresses");
  await page.waitForFunction(() =>
    Object.keys(document).some((key) => key.startsWith("__reactContainer")),
  );
  const list = page.getByRole("list", { name: "Saved addresses" });
  const cards = list.getByRole("listitem");
  await expect(cards).toHaveCount(2);
  const question = page.getByRole("group", { name: "Delete this address?" });

  // Asking about the second address withdraws the question about the first.
  await cards
    .nth(0)
    .getByRole("link", { name: /^Delete/ })
    .click();
  await expect(cards.nth(0).getByRole("group", { name: "Delete this address?" })).toBeVisible();
  await cards
    .nth(1)
    .getByRole("link", { name: /^Delete/ })
    .click();
  await expect(question).toHaveCount(1);
  await expect(cards.nth(1).getByRole("group", { name: "Delete this address?" })).toBeVisible();
  await expect(question.getByRole("button", { name: /^Delete/ })).toBeFocused();

  // Deleting takes the card (and its focused button) away: the focus goes to the list.
  const gone = (await cards.nth(1).textContent())!.includes("Kochi") ? "Kochi" : "Bengaluru";
  await page.keyboard.press("Enter");
  await expect(cards).toHaveCount(1);
  await expect(list).not.toContainText(gone);
  await expect(list).toBeFocused();
  // The last one: the focus goes to the line saying there are none.
  await cards.getByRole("link", { name: /^Delete/ }).click();
  await question.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByText("No saved addresses yet.")).toBeFocused();
});

test("someone else's address cannot be opened", async ({ page, request, browser }) => {
  await signUpAndLogIn(page, request, "/addresses/new");
  await fillAddress(page, { ...priya, phone: "9876543210", postalCode: "560001" });
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  const editHref = await page.getByRole("link", { name: /^Edit/ }).getAttribute("href");

  const other = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await signUpAndLogIn(other, other.request, "/addresses");
  const res = await other.goto(editHref!);
  expect(res?.status()).toBe(404);
  // Nor asked about for deletion.
  const deleteHref = editHref!.replace("/edit?", "/delete?");
  expect((await other.goto(deleteHref))?.status()).toBe(404);
  await other.close();
});

test("checkout step 1: add a new address (a dialog with JavaScript, inline without) and deliver to it", async ({
  page,
  request,
}, testInfo) => {
  const { first } = await pickProducts(request);
  await signUpAndLogIn(page, request, `/checkout?productId=${first.id}&quantity=1`);
  await expect(page.getByRole("heading", { name: "Delivery Address" })).toBeVisible();
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();

  const js = testInfo.project.name === "js";
  let form;
  if (js) {
    await page.getByRole("button", { name: "+ Add New Address" }).click();
    form = page.getByRole("dialog", { name: "Add New Address" });
    await expect(form).toBeVisible();
    // Cancel closes it.
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
    await page.getByRole("button", { name: "+ Add New Address" }).click();
  } else {
    form = page.getByRole("region", { name: "Add New Address" });
    await expect(form).toBeVisible();
  }
  await fillAddress(form, { ...priya, phone: "12345" });
  await form.getByRole("button", { name: "Save Address" }).click();
  // With JavaScript the messages appear in the dialog; without, on the new-address page.
  const messages = js ? form : page;
  await expect(messages.getByText("Enter a 10-digit Indian mobile number")).toBeVisible();
  await expect(messages.getByLabel("Full name")).toHaveValue("Priya Sharma");
  await expect(messages.getByLabel("Phone", { exact: true })).toBeFocused();
  await fillAddress(messages, { phone: "9876543210", postalCode: "560001" });
  await messages.getByRole("button", { name: "Save Address" }).click();

  await expect(page.getByText("Address saved!")).toBeVisible();
  if (js) await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/checkout\?/);
  const card = page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Priya Sharma");

  await card.getByRole("link", { name: "Deliver to This Address" }).click();
  await expect(page).toHaveURL(/step=summary/);
  expect(new URL(page.url()).searchParams.get("address")).toMatch(/^\d+$/);
  expect(new URL(page.url()).searchParams.get("productId")).toBe(String(first.id));
});
