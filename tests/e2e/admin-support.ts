import { test as base, expect, request as playwrightRequest, type Page } from "@playwright/test";
import sharp from "sharp";

export const ADMIN = { email: "admin@example.com", password: "admin-password-123" };

/**
 * `test` whose pages start logged in as the admin: each worker logs in once through the
 * /login form (a plain post, as without JavaScript) and its pages reuse that session.
 */
export const adminTest = base.extend<
  object,
  { adminState: Awaited<ReturnType<import("@playwright/test").APIRequestContext["storageState"]>> }
>({
  adminState: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const ctx = await playwrightRequest.newContext({ baseURL });
      const res = await ctx.post("/login", {
        form: { email: ADMIN.email, password: ADMIN.password, redirectTo: "" },
        headers: { Origin: new URL(baseURL).origin },
      });
      expect(res.url()).toMatch(/\/admin\/dashboard$/);
      await use(await ctx.storageState());
      await ctx.dispose();
    },
    { scope: "worker" },
  ],
  storageState: async ({ adminState }, use) => use(adminState),
});

/** Logs the seeded admin in through the /login form; an admin lands on the dashboard. */
export async function logInAsAdmin(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
}

/** A small real image file for a file input. */
export async function imageFile(name: string, color: string, format: "png" | "jpeg" = "png") {
  const base = sharp({ create: { width: 48, height: 36, channels: 3, background: color } });
  const buffer = await (format === "png" ? base.png() : base.jpeg()).toBuffer();
  return { name, mimeType: format === "png" ? "image/png" : "image/jpeg", buffer };
}

let counter = 0;
/** A slug no other test (or project, or run) uses. */
export function uniqueSlug(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${++counter}`;
}

/** The admin sidebar (the site header has its own Logout). */
export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Admin" });
