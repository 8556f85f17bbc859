import { expect } from "@playwright/test";
import { adminTest as test } from "./admin-support";

test("a GST report month not given as YYYY-MM comes back in its field, as typed, with how to give it", async ({
  page,
}) => {
  // A browser without a month picker sends the month as typed: the form's GET, as it makes it.
  for (const typed of ["2026-13", "Oct 2026"]) {
    await page.goto(`/admin/gst-report?${new URLSearchParams({ month: typed })}`);
    await expect(page).toHaveURL(/\/admin\/shipping\?gstMonth=/);
    const month = page.getByLabel("Month", { exact: true });
    await expect(month).toHaveValue(typed);
    await expect(month).toBeFocused();
    await expect(month).toHaveAccessibleDescription("Give the month as YYYY-MM, such as 2026-10");
  }
  // Corrected, the same form downloads the month's report.
  await page.getByLabel("Month", { exact: true }).fill("2026-10");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  expect((await download).suggestedFilename()).toBe("gst-report-2026-10.csv");
});
