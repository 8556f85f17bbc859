import { expect } from "@playwright/test";
import { ADMIN, adminTest as test, imageFile, sidebar, uniqueSlug } from "./admin-support";

test.describe.configure({ timeout: 60_000 });

test("an admin creates a wheel with two colours and two sizes, edits its price, then deletes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const slug = uniqueSlug("e2e-wheel");
  const title = `Trail Runner ${slug}`;
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("Total products")).toBeVisible();

  await sidebar(page).getByRole("link", { name: "Upload Product" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Slug").fill(slug);
  await dialog.getByLabel("Brand", { exact: true }).selectOption({ label: "Method Race Wheels" });
  await dialog.getByLabel("Category", { exact: true }).selectOption({ label: "Wheels" });
  await dialog.getByLabel("Price (₹)").fill("24999.5");
  await dialog.getByLabel("Units in stock").fill("5");
  await dialog.getByLabel("Description (optional)").fill("Forged look. Built for corrugations.");
  await dialog.getByLabel("Toyota Hilux").check();

  // Without JavaScript these post the form and come back with one more row, nothing typed lost.
  await dialog.getByRole("button", { name: "Add colour" }).click();
  await expect(dialog.getByLabel("Colour 2 name")).toBeVisible();
  await dialog.getByRole("button", { name: "Add size" }).click();
  await expect(dialog.getByLabel("Size 2 Size label")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByLabel("Price (₹)")).toHaveValue("24999.5");
  await expect(dialog.getByLabel("Toyota Hilux")).toBeChecked();

  await dialog.getByLabel("Colour 1 name").fill("Matte Black");
  await dialog
    .getByLabel("Colour 1 images")
    .setInputFiles([
      await imageFile("black-1.png", "#111"),
      await imageFile("black-2.jpg", "#333", "jpeg"),
    ]);
  await dialog.getByLabel("Colour 2 name").fill("Bronze");
  await dialog
    .getByLabel("Colour 2 images")
    .setInputFiles([
      await imageFile("bronze-1.png", "#a60"),
      await imageFile("bronze-2.png", "#c80"),
    ]);
  const sizes = [
    ["17x8.5", "17", "8.5", "6x139.7", "0", "106.25", `MR305-${slug}-A`],
    ["18x9", "18", "9", "6x139.7", "18", "106.25", `MR305-${slug}-B`],
  ];
  const fields = [
    "Size label",
    "Diameter (in)",
    "Width (in)",
    "Bolt pattern",
    "Offset (mm)",
    "Hub bore (mm)",
    "Part number",
  ];
  for (const [row, values] of sizes.entries()) {
    for (const [i, field] of fields.entries())
      await dialog.getByLabel(`Size ${row + 1} ${field}`).fill(values[i]);
  }
  await dialog.getByRole("button", { name: "Upload product" }).click();
  // Re-encoding four images takes a moment on a busy machine.
  // (With JavaScript a success toast leaves after 2 s: look for it first.)
  await expect(page.getByText("Product uploaded!")).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/products$/);

  // In the list, newest first.
  const editLink = page.getByRole("link", { name: `Edit ${title}` });
  await expect(editLink).toBeVisible();
  const href = (await page.getByRole("link", { name: title, exact: true }).getAttribute("href"))!;
  const id = href.split("/").pop();

  // On the wheels category page, with its colour thumbnails.
  await page.goto("/category/wheels");
  const tile = page.locator("article").filter({ hasText: title });
  await expect(tile).toHaveCount(1);
  for (const colour of ["Matte Black", "Bronze"]) {
    const thumb = tile.getByRole("img", { name: colour });
    await expect(thumb).toHaveCount(1);
    const src = (await thumb.getAttribute("src"))!;
    expect(src).toMatch(/^\/uploads\/p\/[0-9a-f]{24}-320\.webp$/);
    const image = await page.request.get(src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["cache-control"]).toContain("immutable");
  }

  // On its product page: both colours, both sizes, the price.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Colours" }).getByRole("img", { name: "Bronze" }),
  ).toBeVisible();
  const sizePicker = page.getByRole("group", { name: "Wheel size" });
  await expect(sizePicker.getByText("17x8.5")).toBeVisible();
  await expect(sizePicker.getByText("18x9")).toBeVisible();
  await expect(page.getByText("₹24,999.50").first()).toBeVisible();
  await expect(page.getByText("Fits: Toyota Hilux")).toBeVisible();

  // Edit the price.
  await page.goto("/admin/products");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: /Edit product/ });
  await expect(edit.getByLabel("Price (₹)")).toHaveValue("24999.50");
  await expect(
    edit.getByRole("list", { name: "Stored images of colour 2" }).getByRole("img"),
  ).toHaveCount(2);
  await edit.getByLabel("Price (₹)").fill("19999");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated!")).toBeVisible({ timeout: 20_000 });
  await page.goto(`/product/${id}`);
  await expect(page.getByText("₹19,999.00").first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Colours" }).getByRole("img")).toHaveCount(2);

  // Delete it, after the confirmation.
  await page.goto(`/admin/products?q=${slug}`);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this product?");
  await confirm.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByText("Product deleted successfully")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: `Edit ${title}` })).toHaveCount(0);
  const gone = await page.goto(`/product/${id}`);
  expect(gone?.status()).toBe(404);
});

test("a .png that is really HTML is refused with a message, and what was typed stays", async ({
  page,
}) => {
  const slug = uniqueSlug("e2e-fake");
  await page.goto("/admin/products/new");
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  await dialog.getByLabel("Title").fill("Not an image");
  await dialog.getByLabel("Slug").fill(slug);
  await dialog.getByLabel("Brand", { exact: true }).selectOption({ label: "Warn" });
  await dialog.getByLabel("Category", { exact: true }).selectOption({ label: "Winches" });
  await dialog.getByLabel("Price (₹)").fill("999");
  await dialog.getByLabel("Colour 1 name").fill("Black");
  await dialog.getByLabel("Colour 1 images").setInputFiles([
    {
      name: "evil.png",
      mimeType: "image/png",
      buffer: Buffer.from("<!doctype html><script>alert(1)</script>"),
    },
    {
      name: "vector.png",
      mimeType: "image/png",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    },
  ]);
  await dialog.getByRole("button", { name: "Upload product" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Operation failed", { timeout: 20_000 });
  await expect(
    dialog.getByText("evil.png: only jpeg, png, webp or avif images are accepted."),
  ).toBeVisible();
  await expect(dialog.getByLabel("Colour 1 images")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Title")).toHaveValue("Not an image");
  await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
  // Nothing was created.
  await page.goto(`/admin/products?q=${slug}`);
  await expect(page.getByText("No products match.")).toBeVisible();
});

test("required fields get their messages next to them", async ({ page }) => {
  await page.goto("/admin/products/new");
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  await dialog.getByLabel("Price (₹)").fill("12.3.4");
  await dialog.getByLabel("Size 1 Size label").fill("17x8");
  await dialog.getByRole("button", { name: "Upload product" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Slug is required")).toBeVisible();
  await expect(dialog.getByText("Choose a brand")).toBeVisible();
  await expect(dialog.getByText("Enter the price in rupees, e.g. 1499.50")).toBeVisible();
  await expect(dialog.getByText("Bolt pattern is required")).toBeVisible();
  await expect(dialog.getByLabel("Price (₹)")).toHaveValue("12.3.4");
  await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
});

test("with JavaScript a new product's slug follows its title until the admin types one", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the slug is filled in the browser");
  await page.goto("/admin/products/new");
  await page.waitForFunction(() =>
    Object.keys(document).some((key) => key.startsWith("__reactContainer")),
  );
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  await dialog.getByLabel("Title").fill("Warn Zeon 10-S Winch, 4.5 t");
  await expect(dialog.getByLabel("Slug")).toHaveValue("warn-zeon-10-s-winch-4-5-t");
  // Typed by the admin: the title no longer changes it.
  await dialog.getByLabel("Slug").fill("zeon-10s");
  await dialog.getByLabel("Title").fill("Warn Zeon 12-S Winch");
  await expect(dialog.getByLabel("Slug")).toHaveValue("zeon-10s");
});

test("a refused save keeps the chosen images with JavaScript and asks for them again without; too many are stopped before posting", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await page.goto("/admin/products/new");
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  const images = dialog.getByLabel("Colour 1 images");
  await dialog.getByLabel("Colour 1 name").fill("Black");
  await images.setInputFiles([await imageFile("black.png", "#111")]);
  await dialog.getByRole("button", { name: "Upload product" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByLabel("Colour 1 name")).toHaveValue("Black");
  const again = dialog.getByText("Choose this image again: the product was not saved.");
  if (js) {
    await expect(again).toHaveCount(0);
    expect(await images.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
  } else {
    await expect(again).toBeVisible();
    await expect(images).toHaveAttribute("aria-invalid", "true");
  }
  if (!js) return;

  const many = await Promise.all(
    Array.from({ length: 25 }, (_, i) => imageFile(`view-${i}.png`, "#222")),
  );
  await images.setInputFiles(many);
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await dialog.getByRole("button", { name: "Upload product" }).click();
  await expect(
    dialog
      .getByRole("alert")
      .filter({ hasText: "At most 24 images can be uploaded in one save; 25 are chosen." }),
  ).toBeVisible();
  expect(posted).toBe(false);
});

test("a save over stock that moved while the form was open is refused with the current count, and saves on the second try", async ({
  page,
  request,
}) => {
  const { token } = await (await request.post("/api/v1/login", { data: ADMIN })).json();
  const headers = { Authorization: `Bearer ${token}` };
  const slug = uniqueSlug("e2e-stock");
  const title = `Recovery strap ${slug}`;
  const product = (stock: string) => {
    const fd = new FormData();
    const fields = {
      title,
      slug,
      brand: "Warn",
      price: "249900",
      description: "Kinetic strap.",
      category: "generic_accessories",
      inStock: "true",
      stock,
    };
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return fd;
  };
  const created = await request.post("/api/v1/products/upload", {
    headers,
    multipart: product("50"),
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).product;

  await page.goto(`/admin/products/${id}/edit`);
  const edit = page.getByRole("dialog", { name: /Edit product/ });
  await expect(edit.getByLabel("Units in stock")).toHaveValue("50");
  await edit.getByLabel("Description (optional)").fill("Kinetic strap, 8 tonnes.");
  // A count typed over the 50 shown.
  await edit.getByLabel("Units in stock").fill("60");

  // Meanwhile the stock moves (here through the API; an order does the same).
  const moved = await request.put(`/api/v1/products/update/${id}`, {
    headers,
    multipart: product("40"),
  });
  expect(moved.status()).toBe(200);

  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText(/The stock changed while you were editing/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(edit.getByLabel("Units in stock")).toHaveValue("40");
  await expect(edit.getByLabel("Description (optional)")).toHaveValue("Kinetic strap, 8 tonnes.");

  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Product updated!")).toBeVisible({ timeout: 20_000 });
  const saved = await (await request.get(`/api/v1/product/${id}`)).json();
  expect(saved).toMatchObject({ description: "Kinetic strap, 8 tonnes.", inStock: true });
  await page.goto(`/admin/products/${id}/edit`);
  await expect(page.getByLabel("Units in stock")).toHaveValue("40");

  // Other tests buy the newest products: this one goes.
  const deleted = await request.delete(`/api/v1/products/delete/${id}`, { headers });
  expect(deleted.status()).toBe(200);
});

test("the delete confirmation takes the focus, and Esc or Cancel gives it back to the row's Delete link", async ({
  page,
}, info) => {
  test.skip(
    info.project.name !== "js",
    "the focus moves with JavaScript; without it both are links",
  );
  // The last row of a list longer than the window: its Delete link is far below the question.
  await page.goto("/admin/products?category=suspension");
  const row = page.getByRole("link", { name: /^Delete / }).last();
  const name = (await row.getAttribute("aria-label"))!;
  const deleteLink = page.getByRole("link", { name, exact: true });
  const confirm = page.getByRole("alertdialog", {
    name: "Are you sure you want to delete this product?",
  });
  const yes = confirm.getByRole("button", { name: "Yes, delete" });

  await deleteLink.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]delete=\d+/);
  await expect(yes).toBeFocused();
  await expect(confirm).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/products\?category=suspension$/);
  await expect(deleteLink).toBeFocused();

  // Opened again from the keyboard, and cancelled with its Cancel link this time.
  await page.keyboard.press("Enter");
  await expect(yes).toBeFocused();
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/products\?category=suspension$/);
  await expect(deleteLink).toBeFocused();
});
