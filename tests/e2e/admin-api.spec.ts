import { expect, test } from "@playwright/test";
import { ADMIN, imageFile, uniqueSlug } from "./admin-support";

// The JSON door only: one browser mode is enough.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API test, no page");

test("the admin API uploads a wheel from the spec's multipart, updates and deletes it", async ({
  request,
}) => {
  const { token } = await (await request.post("/api/v1/login", { data: ADMIN })).json();
  const headers = { Authorization: `Bearer ${token}` };
  const slug = uniqueSlug("api-wheel");
  const form = async (
    price: string,
    colors: { name: string; count: number }[],
    files: { name: string; color: string }[],
  ) => {
    const fd = new FormData();
    const fields = {
      title: `API wheel ${slug}`,
      slug,
      brand: "Method Race Wheels",
      price,
      description: "Made through the API.",
      category: "wheels",
      inStock: "true",
      colors: JSON.stringify(colors),
      size: JSON.stringify([
        {
          label: "17x8.5",
          diameter: 17,
          width: 8.5,
          boltPattern: "6x139.7",
          offset: 0,
          hubBore: 106.25,
          partNumber: `${slug}-1`,
        },
      ]),
    };
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    for (const f of files) {
      const img = await imageFile(f.name, f.color);
      fd.append(
        "colorImages",
        new Blob([new Uint8Array(img.buffer)], { type: img.mimeType }),
        f.name,
      );
    }
    return fd;
  };

  const created = await request.post("/api/v1/products/upload", {
    headers,
    multipart: await form(
      "149950",
      [
        { name: "Black", count: 2 },
        { name: "Bronze", count: 1 },
      ],
      [
        { name: "a.png", color: "#111" },
        { name: "b.png", color: "#222" },
        { name: "c.png", color: "#a60" },
      ],
    ),
  });
  expect(created.status()).toBe(201);
  const { message, product } = await created.json();
  expect(message).toBe("Product uploaded!");
  expect(product).toMatchObject({ slug, price: 149950, inStock: true });
  expect(
    product.colors.map((c: { name: string; images: unknown[] }) => [c.name, c.images.length]),
  ).toEqual([
    ["Black", 2],
    ["Bronze", 1],
  ]);

  // Same slug again: 400 with the field's message.
  const again = await request.post("/api/v1/products/upload", {
    headers,
    multipart: await form("1000", [], []),
  });
  expect(again.status()).toBe(400);
  expect((await again.json()).errors).toEqual({ slug: "Another product already uses this slug" });

  // A .png that is HTML: refused, nothing made.
  const fake = await form("1000", [{ name: "Black", count: 1 }], []);
  fake.set("slug", `${slug}-fake`);
  fake.append(
    "colorImages",
    new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" }),
    "evil.png",
  );
  const refused = await request.post("/api/v1/products/upload", { headers, multipart: fake });
  expect(refused.status()).toBe(400);
  // Keyed by the API's own field, colorImages.
  expect((await refused.json()).errors.colorImages).toMatch(/evil\.png/);

  // Update: new price; Bronze keeps its image and gains one.
  const updated = await request.put(`/api/v1/products/update/${product.id}`, {
    headers,
    multipart: await form(
      "99900",
      [{ name: "Bronze", count: 1 }],
      [{ name: "d.png", color: "#c80" }],
    ),
  });
  expect(updated.status()).toBe(200);
  const after = (await updated.json()).product;
  expect(after.price).toBe(99900);
  expect(
    after.colors.map((c: { name: string; images: unknown[] }) => [c.name, c.images.length]),
  ).toEqual([["Bronze", 2]]);

  const deleted = await request.delete(`/api/v1/products/delete/${product.id}`, { headers });
  expect(deleted.status()).toBe(200);
  expect(await deleted.json()).toEqual({
    message: "Product deleted successfully",
    outcome: "deleted",
  });
  expect((await request.get(`/api/v1/product/${product.id}`)).status()).toBe(404);
  expect(
    (await request.delete(`/api/v1/products/delete/${product.id}`, { headers })).status(),
  ).toBe(404);
});
