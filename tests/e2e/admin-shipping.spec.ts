// The admin's shipping settings page: a refused save or CSV upload puts the focus on the first field
// to fix, with JavaScript and without. Every post here is refused: the shop's settings, which the
// checkout tests rely on, are never changed.
import { expect } from "@playwright/test";
import { adminTest as test } from "./admin-support";

test("a refused save focuses the first field to fix, in the page's order; a refused upload, the file", async ({
  page,
}) => {
  await page.goto("/admin/shipping");
  const codFee = page.getByLabel("COD fee (₹)");
  const metroDays = page.getByLabel("Metro to metro: days");
  const save = page.getByRole("button", { name: "Save settings" });
  const fee = await codFee.inputValue();

  await metroDays.fill("0");
  await codFee.fill("a lot");
  await save.click();
  await expect(codFee).toHaveAccessibleDescription("Enter an amount in rupees, e.g. 499 or 499.50");
  await expect(codFee).toBeFocused();
  await expect(metroDays).toHaveAttribute("aria-invalid", "true");
  await expect(metroDays).toHaveAccessibleDescription("1 to 30 days");

  // The fee put back, the days (further down, in the rates table) are next.
  await codFee.fill(fee);
  await save.click();
  await expect(codFee).not.toHaveAttribute("aria-invalid", "true");
  await expect(metroDays).toBeFocused();
  await expect(metroDays).toHaveValue("0");

  await page.getByRole("button", { name: "Upload CSV" }).click();
  await expect(page.getByLabel("CSV file")).toHaveAccessibleDescription("Choose a CSV file");
  await expect(page.getByLabel("CSV file")).toBeFocused();
});
