import { expect, test, type Page, type TestInfo } from "@playwright/test";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };

// Passwords are hashed with scrypt at full cost (128 MiB, a few hundred ms, more on a busy machine).
test.describe.configure({ timeout: 90_000 });
const AFTER_HASH = { timeout: 30_000 };

const uniqueEmail = (info: TestInfo, tag: string) =>
  `${tag}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@Example.com`;

// The footer has its own e-mail box and "Sign Up" button: the account forms are in <main>.
const main = (page: Page) => page.getByRole("main");

async function signUp(page: Page, email: string, password: string) {
  await page.goto("/signup");
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/, AFTER_HASH);
}

async function logIn(page: Page, email: string, password: string) {
  await main(page).getByLabel("Email").fill(email);
  await main(page).getByLabel("Password").fill(password);
  await main(page).getByRole("button", { name: "Log in" }).click();
}

const accountMenu = (page: Page) => page.getByRole("banner").getByLabel(/^Account menu/);

test("sign up, log in, see the avatar initial, log out", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "rover");
  await signUp(page, email, "dune-basher-42");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Signup successful!")).toBeVisible();

  await logIn(page, email.toUpperCase(), "dune-basher-42");
  await expect(page).toHaveURL(/\/$/, AFTER_HASH);
  await expect(page.getByText("Login successful!")).toBeVisible();
  await expect(accountMenu(page)).toHaveText("R");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveCount(0);

  // The menu leads to the saved addresses, kept without a checkout.
  await accountMenu(page).click();
  await page.getByRole("banner").getByRole("link", { name: "Saved addresses" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await expect(page.getByRole("heading", { name: "Saved addresses" })).toBeVisible();

  await accountMenu(page).click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
});

test("a wrong password is refused next to the form and the e-mail is kept", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "typo").toLowerCase();
  await signUp(page, email, "right-password-1");
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, "wrong-password-1");
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid e-mail or password." }),
  ).toBeVisible(AFTER_HASH);
  await expect(main(page).getByLabel("Email")).toHaveValue(email);
  await expect(main(page).getByLabel("Password")).toHaveValue("");
  await expect(page).toHaveURL(/\/login$/);
});

test("an empty form says e-mail and password are required, on both pages", async ({
  page,
}, testInfo) => {
  for (const [path, button] of [
    ["/login", "Log in"],
    ["/signup", "Sign up"],
  ] as const) {
    await page.goto(path);
    await main(page).getByRole("button", { name: button }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Email and password are required" }),
    ).toBeVisible();
    // Each empty field is marked and says so next to itself.
    await expect(main(page).getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(main(page).getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(main(page).getByText("Enter your password")).toBeVisible();
  }
  await main(page).getByLabel("Email").fill("not-an-email");
  await main(page).getByLabel("Password").fill("short");
  await main(page).getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(main(page).getByLabel("Email")).toHaveValue("not-an-email");
  // The focus is on the first field to fix: the e-mail, then (once it is right) the password.
  await expect(main(page).getByLabel("Email")).toBeFocused();
  await main(page).getByLabel("Email").fill(uniqueEmail(testInfo, "fixed"));
  await main(page).getByLabel("Password").fill("short");
  await main(page).getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toHaveCount(0);
  await expect(main(page).getByLabel("Password")).toBeFocused();
});

test("changing the password: the focus goes to the field to fix, and the same password again is refused", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "changer");
  await signUp(page, email, "first-trail-pass-1");
  await logIn(page, email, "first-trail-pass-1");
  await expect(accountMenu(page)).toBeVisible(AFTER_HASH);
  await page.goto("/account/password");
  const current = main(page).getByLabel("Current password");
  const next = main(page).getByLabel("New password");
  const change = main(page).getByRole("button", { name: "Change password" });

  // Both empty: the first field to fix is the current password.
  await change.click();
  await expect(main(page).getByText("Enter your current password")).toBeVisible();
  await expect(current).toBeFocused();

  // The password the account has, as the new one: refused next to the new password, focused.
  await current.fill("first-trail-pass-1");
  await next.fill("first-trail-pass-1");
  await change.click();
  await expect(next).toHaveAccessibleDescription(
    "Choose a new password, not the one you have now.",
    AFTER_HASH,
  );
  await expect(next).toHaveAttribute("aria-invalid", "true");
  await expect(next).toBeFocused();

  await current.fill("first-trail-pass-1");
  await next.fill("second-trail-pass-2");
  await change.click();
  await expect(
    page.getByText("Password changed. You were logged out everywhere else."),
  ).toBeVisible(AFTER_HASH);
});

test("each page links to the other", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("guards: a visitor goes to login, a customer away from the admin area, an admin in", async ({
  page,
}, testInfo) => {
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcart$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/);

  const email = uniqueEmail(testInfo, "customer");
  await signUp(page, email, "customer-pass-1");
  await logIn(page, email, "customer-pass-1");
  await expect(accountMenu(page)).toBeVisible(AFTER_HASH);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/cart$/);
});

test("an admin lands on the dashboard after login, even from a shop page's Login link", async ({
  page,
}) => {
  await page.goto("/login");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, AFTER_HASH);
  await page.context().clearCookies();
  // The header's Login link brings a shopper back to the page; an admin goes to the dashboard.
  await page.goto("/brands");
  await page.getByRole("banner").getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbrands$/, AFTER_HASH);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, AFTER_HASH);
  // Sent to log in from an admin page, the admin goes back to it.
  await page.context().clearCookies();
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Forders$/, AFTER_HASH);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/orders$/, AFTER_HASH);
});

test("add to cart while logged out leads to login and back to the product", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "buyer");
  await signUp(page, email, "buyer-pass-123");
  await page.goto("/");
  await page.locator("main article a[href^='/product/']").first().click();
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  const productPath = new URL(page.url()).pathname;
  await page.getByRole("button", { name: "Add to cart" }).first().click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/, AFTER_HASH);
  expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(new RegExp(`^${productPath}`));
  await logIn(page, email, "buyer-pass-123");
  // Back on the product, with the quantity that was chosen (1) among its parameters.
  await expect(page).toHaveURL(new RegExp(`${productPath}\\?`), AFTER_HASH);
  const back = new URL(page.url());
  expect(back.pathname).toBe(productPath);
  expect(back.searchParams.get("quantity")).toBe("1");
});

test("redirectTo only leads within the shop", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, "phish");
  await signUp(page, email, "phish-pass-123");
  await page.goto("/login?redirectTo=%2F%2Fevil.example%2Fsteal");
  await logIn(page, email, "phish-pass-123");
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/, AFTER_HASH);
});

test("after logout a copied session cookie no longer works", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail(testInfo, "copy");
  await signUp(page, email, "copy-pass-123");
  await logIn(page, email, "copy-pass-123");
  await expect(accountMenu(page)).toBeVisible(AFTER_HASH);
  const session = (await page.context().cookies()).find((c) => c.name === "session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  const thief = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `session=${session!.value}` },
  });
  expect((await thief.get("/cart", { maxRedirects: 0 })).status()).toBe(200);
  await accountMenu(page).click();
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  const after = await thief.get("/cart", { maxRedirects: 0 });
  expect(after.status()).toBe(303);
  expect(after.headers()["location"]).toMatch(/^\/login/);
  await thief.dispose();
});

test("pages carry the security headers and run their scripts under the policy", async ({
  page,
}, testInfo) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto("/login");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/checkout\.razorpay\.com/,
  );
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toBeTruthy();
  if (testInfo.project.name === "js") {
    // Hydrated: the client router handles the link (no full page load), so Remix's scripts ran.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      1,
    );
  }
  expect(violations).toEqual([]);

  for (const path of ["/healthz", "/api/v1/cart", "/favicon.svg"]) {
    const res = await page.request.get(path);
    expect(res.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("a form post from another site is refused", async ({ request, baseURL }) => {
  const form = { email: ADMIN.email, password: ADMIN.password };
  for (const path of ["/login", "/login.data", "/logout", "/signup"]) {
    const res = await request.post(path, {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(res.status(), path).toBeGreaterThanOrEqual(400);
    expect(res.headers()["set-cookie"] ?? "", path).not.toContain("session=");
  }
  // A browser that sends no Origin but says the post is cross-site: our own check answers 403.
  const res = await request.post("/login", {
    form,
    headers: { "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  // The same post from the shop itself works.
  const own = await request.post("/login", {
    form,
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(303);
  expect(own.headers()["set-cookie"] ?? "").toContain("session=");
});

test("the API door: login answers a token and the user, never a hash", async ({ request }) => {
  const res = await request.post("/api/v1/login", {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).not.toMatch(/password|scrypt/);
  const body = JSON.parse(text);
  expect(body.user).toEqual({ id: expect.any(Number), email: ADMIN.email, role: "admin" });
  const unauth = await request.get("/api/v1/cart");
  expect(unauth.status()).toBe(401);
  expect(await unauth.json()).toEqual({ message: expect.any(String) });
  const cart = await request.get("/api/v1/cart", {
    headers: { Authorization: `Bearer ${body.token}` },
  });
  expect(cart.status()).toBe(200);
});
