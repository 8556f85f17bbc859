import { expect, test } from "@playwright/test";
import { ADMIN, logInAsAdmin, sidebar } from "./admin-support";

test.describe.configure({ timeout: 60_000 });

const PAGES = [
  "/admin",
  "/admin/dashboard",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/1/edit",
  "/admin/orders",
  "/admin/orders/1",
];

test("a visitor is sent to /login from every admin page, and back to it after logging in", async ({
  page,
}) => {
  for (const path of PAGES) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()["location"], path).toBe(
      `/login?${new URLSearchParams({ redirectTo: path })}`,
    );
  }
  // The admin's new-order e-mail links the order's page: it opens once the admin has logged in.
  await page.goto("/admin/orders?status=paid");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/, { timeout: 20_000 });
  await expect(page.getByLabel("Status")).toHaveValue("paid");
});

test("a customer is sent home from every admin page, and admin posts do nothing", async ({
  page,
  request,
}) => {
  const email = `admin-access-${Date.now()}-${process.pid}@example.com`;
  const password = "overland-trail-42";
  expect((await request.post("/api/v1/register", { data: { email, password } })).status()).toBe(
    201,
  );
  await page.goto("/");
  const origin = new URL(page.url()).origin;
  // The login form's plain post; the session cookie lands in the page's context.
  const login = await page.request.post("/login", {
    form: { email, password, redirectTo: "" },
    headers: { Origin: origin },
  });
  expect(new URL(login.url()).pathname).toBe("/");
  for (const path of PAGES) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers()["location"], path).toBe("/");
  }
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  // Posts straight to the admin actions are turned away too, and change nothing.
  for (const [path, form] of [
    ["/admin/products", { intent: "delete", id: "1" }],
    ["/admin/products/1/edit", { title: "Hacked", intent: "save" }],
    ["/admin/orders/1", { to: "refunded" }],
  ] as const) {
    const res = await page.request.post(path, {
      form,
      maxRedirects: 0,
      headers: { Origin: origin },
    });
    expect(res.status(), path).toBe(302);
    expect(res.headers()["location"], path).toBe("/");
  }
  const stillThere = await page.request.get("/api/v1/product/1");
  expect(stillThere.status()).toBe(200);
  expect((await stillThere.json()).title).not.toBe("Hacked");
});

test("the admin API answers 401 without a token and 403 to a customer", async ({ request }) => {
  const calls = [
    ["get", "/api/v1/stats"],
    ["get", "/api/v1/adminOrders"],
    ["delete", "/api/v1/products/delete/1"],
    ["post", "/api/v1/products/upload"],
    ["put", "/api/v1/products/update/1"],
  ] as const;
  for (const [method, url] of calls) {
    const res = await request[method](url);
    expect(res.status(), `${method} ${url}`).toBe(401);
  }
  const email = `admin-api-${Date.now()}-${process.pid}@example.com`;
  await request.post("/api/v1/register", { data: { email, password: "overland-trail-42" } });
  const login = await (
    await request.post("/api/v1/login", { data: { email, password: "overland-trail-42" } })
  ).json();
  const headers = { Authorization: `Bearer ${login.token}` };
  for (const [method, url] of calls) {
    const res = await request[method](url, { headers });
    expect(res.status(), `${method} ${url}`).toBe(403);
  }
  const admin = await (await request.post("/api/v1/login", { data: ADMIN })).json();
  const stats = await request.get("/api/v1/stats", {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(stats.status()).toBe(200);
  const body = await stats.json();
  expect(body.totalProducts).toBeGreaterThan(100);
  expect(body.totalUsers).toBeGreaterThanOrEqual(2);
});

test("the admin's sidebar has the spec's entries and its Logout works", async ({ page }) => {
  // Its own login: logging out ends the session, which other tests must not share.
  await logInAsAdmin(page);
  const nav = sidebar(page);
  for (const name of ["Overview", "View Products", "Upload Product", "Admin Orders"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await nav.getByRole("link", { name: "View Products" }).click();
  await expect(page.getByRole("heading", { name: "Products", exact: true })).toBeVisible();
  await page.getByLabel("Search products").fill("warn");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=warn/);
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
});

test("on a phone every admin page fits the screen; wide tables scroll inside their box", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsAdmin(page);
  for (const path of [
    "/admin/dashboard",
    "/admin/products",
    "/admin/products/new",
    "/admin/orders",
    "/admin/shipping",
    "/admin/outbox",
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
