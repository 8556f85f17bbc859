// The pieces of a page that are the same for every shopper (header menus, footer, the home page, a
// product's gallery and recommendations) are rendered once and pasted into the next pages
// (app/components/cached.tsx). Pasted or rendered, the browser must get the HTML React would have
// made for this shopper: it hydrates without a mismatch, and nothing of one shopper reaches another.
import { test, type Browser, type Page } from "@playwright/test";
import { vehicleCookieValue } from "../../server/page-cache.mjs";
import { expect, signUpAndLogIn } from "./cart-support";
import { findProduct } from "./storefront-support";

/** Errors React reports when the server's HTML is not what the browser renders (#418, #423, #425). */
function watchHydration(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return () => errors.filter((e) => /hydrat|did not match|React error #(418|423|425)/i.test(e));
}

/** Waits until React has hydrated the document (it marks its root container). */
async function hydrated(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document).some((key) => key.startsWith("__reactContainer")),
  );
  await page.waitForLoadState("networkidle");
}

/** The narrow screens' menu (closed, so hidden). */
const mobileMenu = (page: Page) =>
  page.getByRole("navigation", { name: "Mobile", includeHidden: true });

async function shopper(browser: Browser, baseURL: string, vehicle: string | null) {
  const context = await browser.newContext({ baseURL });
  if (vehicle)
    await context.addCookies([
      { name: "vehicle", value: vehicleCookieValue(vehicle), url: baseURL },
    ]);
  const page = await context.newPage();
  const { email } = await signUpAndLogIn(page, context.request);
  return { context, page, email };
}

test("pasted pieces hydrate like rendered ones, and carry nothing of one shopper to another", async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "hydration needs JavaScript");
  test.setTimeout(120_000);
  const product = await findProduct(request, "wheels", (p) => p.colors.length > 1);
  const pages = ["/", `/product/${product.id}`, "/cart", "/brands"];

  const jimny = await shopper(browser, baseURL!, "suzuki_jimny");
  const hilux = await shopper(browser, baseURL!, "toyota_hilux");
  const mismatches = [watchHydration(jimny.page), watchHydration(hilux.page)];

  for (const path of pages) {
    // The first shopper's visit may render the pieces; the second's pastes them (another vehicle
    // renders its own where they depend on it).
    for (const { page, email } of [jimny, hilux, jimny]) {
      await page.goto(path);
      await hydrated(page);
      const html = await page.content();
      const other = email === jimny.email ? hilux.email : jimny.email;
      expect(html, path).toContain(email);
      expect(html, path).not.toContain(other);
      const own = email === jimny.email ? "Suzuki Jimny" : "Toyota Hilux";
      const theirs = email === jimny.email ? "Toyota Hilux" : "Suzuki Jimny";
      await expect(page.getByText(`My vehicle: ${own}`)).toBeVisible();
      expect(html, path).not.toContain(`Fits your ${theirs}`);
      // Logged in, the narrow screens' menu offers to log out, not in.
      await expect(
        mobileMenu(page).getByRole("button", { name: "Logout", includeHidden: true }),
      ).toBeAttached();
    }
  }
  expect(mismatches.flatMap((m) => m())).toEqual([]);

  // A colour link inside a pasted gallery is a working client-side link after hydration.
  await jimny.page.goto(`/product/${product.id}`);
  await hydrated(jimny.page);
  const second = product.colors[1];
  await jimny.page
    .getByRole("navigation", { name: "Colours" })
    .getByRole("link", { name: second.name })
    .click();
  await expect(jimny.page).toHaveURL(new RegExp(`color=${encodeURIComponent(second.name)}`));
  await expect(
    jimny.page
      .getByRole("navigation", { name: "Colours" })
      .getByRole("link", { name: second.name }),
  ).toHaveAttribute("aria-current", "true");
  expect(mismatches.flatMap((m) => m())).toEqual([]);

  // A guest after the logged-in visits: their own menu, with Login.
  const guest = await browser.newContext({ baseURL });
  const guestPage = await guest.newPage();
  const guestMismatches = watchHydration(guestPage);
  await guestPage.goto(`/product/${product.id}?as=guest`);
  await hydrated(guestPage);
  await expect(
    mobileMenu(guestPage).getByRole("link", { name: "Login", includeHidden: true }),
  ).toBeAttached();
  expect(await guestPage.content()).not.toContain(jimny.email);
  expect(guestMismatches()).toEqual([]);

  await Promise.all([jimny.context.close(), hilux.context.close(), guest.close()]);
});
