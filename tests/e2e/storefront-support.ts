import type { APIRequestContext } from "@playwright/test";

export type ApiProduct = {
  id: number;
  slug: string;
  title: string;
  price: number;
  category: string;
  inStock: boolean;
};
export type ApiDetail = ApiProduct & {
  colors: { id: number; name: string; images: { url: string }[] }[];
  sizes: { id: number; label: string; partNumber: string; stock: number }[];
};

/** A product of the seeded catalogue matching `pick`, found through the public API. */
export async function findProduct(
  request: APIRequestContext,
  category: string,
  pick: (p: ApiDetail) => boolean,
) {
  const list = (await (
    await request.get(`/api/v1/products/category/${category}`)
  ).json()) as ApiProduct[];
  for (const p of list) {
    const detail = (await (await request.get(`/api/v1/product/${p.id}`)).json()) as ApiDetail;
    if (pick(detail)) return detail;
  }
  throw new Error(`no ${category} product matches`);
}
