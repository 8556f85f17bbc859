import { sql, type Kysely } from "kysely";
import type { DB } from "~/db/schema";

/*
 * Variants and their stock (docs/decisions/0010-variants-with-their-own-stock.md), the one place
 * these rules live: a product's variants are its colours x sizes (a missing dimension is null), each
 * row of `product_variants` holds what can be sold of it, and `products.stock` is their sum (kept by
 * triggers). Reserving is a guarded update (`stock >= n`) inside the caller's IMMEDIATE transaction,
 * so two buyers can never take the same last unit.
 */

/** A variant as order and cart lines name it. */
export type VariantKey = { productId: number; sizeId: number | null; colorId: number | null };

/** What a shopper (or a client) chose: ids, or the labels the spec's API sends. */
export type VariantChoice = {
  sizeId?: number | null;
  colorId?: number | null;
  sizeLabel?: string | null;
  colorName?: string | null;
};

export type ResolvedVariant = VariantKey & {
  sizeLabel: string;
  colorName: string;
  boltPattern: string;
  offsetMm: number | null;
  partNumber: string;
  /** Units that can be sold now (0 when the product is hidden). */
  stock: number;
};

export type VariantFailure = {
  ok: false;
  field: "size" | "color";
  message: string;
  /** The label names more than one size: the client has to send the size id. */
  ambiguous?: boolean;
};

export type ResolveResult = { ok: true; variant: ResolvedVariant } | VariantFailure;

/** A "NULL-safe equals" for the nullable size and colour columns. */
function sameOrNull(column: "size_id" | "color_id", value: number | null) {
  return value === null
    ? sql<boolean>`${sql.ref(column)} is null`
    : sql<boolean>`${sql.ref(column)} = ${value}`;
}

/**
 * Turns a choice into one variant of a visible product. A size is chosen by id, or by a label that
 * only one of its sizes has (two sizes sharing a label answer `ambiguous`); a product with sizes
 * needs one. A colour is chosen by id or name; without one, the first colour (in the page's order)
 * that has the chosen size in stock, else the first colour. Answers null for an unknown product.
 */
export async function resolveVariant(
  db: Kysely<DB>,
  productId: number,
  choice: VariantChoice,
): Promise<ResolveResult | null> {
  const product = await db
    .selectFrom("products")
    .where("id", "=", productId)
    .where("hidden_at", "is", null)
    .select("id")
    .executeTakeFirst();
  if (!product) return null;
  const [sizes, colors, variants] = await Promise.all([
    db
      .selectFrom("product_sizes")
      .where("product_id", "=", productId)
      .select(["id", "label", "bolt_pattern", "offset_mm", "part_number"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_colors")
      .where("product_id", "=", productId)
      .select(["id", "name"])
      .orderBy("position")
      .orderBy("id")
      .execute(),
    listVariantStock(db, productId),
  ]);
  const label = (choice.sizeLabel ?? "").trim();
  let size: (typeof sizes)[number] | null = null;
  if (choice.sizeId != null) {
    size = sizes.find((s) => s.id === choice.sizeId) ?? null;
    if (!size)
      return {
        ok: false,
        field: "size",
        message: sizes.length > 0 ? "Choose one of the sizes shown" : "This product has no sizes",
      };
  } else if (label) {
    const named = sizes.filter((s) => s.label === label);
    if (named.length > 1) {
      return {
        ok: false,
        field: "size",
        ambiguous: true,
        message: `More than one size is labelled ${label} (${named.map((s) => `sizeId ${s.id}: ${s.bolt_pattern}, part ${s.part_number}`).join("; ")}): send sizeId`,
      };
    }
    if (named.length === 0) {
      return {
        ok: false,
        field: "size",
        message: sizes.length > 0 ? "Choose one of the sizes shown" : "This product has no sizes",
      };
    }
    size = named[0];
  } else if (sizes.length > 0) {
    return { ok: false, field: "size", message: "Choose a size" };
  }

  const name = (choice.colorName ?? "").trim();
  let color: (typeof colors)[number] | null = null;
  if (choice.colorId != null || name) {
    color =
      choice.colorId != null
        ? (colors.find((c) => c.id === choice.colorId) ?? null)
        : (colors.find((c) => c.name === name) ??
          colors.find((c) => c.name.toLowerCase() === name.toLowerCase()) ??
          null);
    if (!color) return { ok: false, field: "color", message: "Choose one of the colours shown" };
  } else if (colors.length > 0) {
    const stockOf = (colorId: number) =>
      variants.find((v) => v.colorId === colorId && v.sizeId === (size?.id ?? null))?.stock ?? 0;
    color = colors.find((c) => stockOf(c.id) > 0) ?? colors[0];
  }

  const key = { productId, sizeId: size?.id ?? null, colorId: color?.id ?? null };
  const row = variants.find((v) => v.sizeId === key.sizeId && v.colorId === key.colorId);
  return {
    ok: true,
    variant: {
      ...key,
      sizeLabel: size?.label ?? "",
      colorName: color?.name ?? "",
      boltPattern: size?.bolt_pattern ?? "",
      offsetMm: size?.offset_mm ?? null,
      partNumber: size?.part_number ?? "",
      stock: row?.stock ?? 0,
    },
  };
}

/** Every variant of a product with its stock (0 for all when the product is hidden). */
export async function listVariantStock(
  db: Kysely<DB>,
  productId: number,
): Promise<{ sizeId: number | null; colorId: number | null; stock: number }[]> {
  const rows = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .where("v.product_id", "=", productId)
    .select([
      "v.size_id as sizeId",
      "v.color_id as colorId",
      sql<number>`case when p.hidden_at is null then v.stock else 0 end`.as("stock"),
    ])
    .orderBy("v.id")
    .execute();
  return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
}

/**
 * A product's stock per variant as one string, the same for the same counts: the edit form keeps
 * the one it showed, and a save compares it with the current one (see saveProduct).
 */
export function stockFingerprint(
  rows: { sizeId: number | null; colorId: number | null; stock: number }[],
): string {
  return rows
    .map((r) => `${r.sizeId ?? 0}.${r.colorId ?? 0}:${Number(r.stock)}`)
    .sort()
    .join(",");
}

/** The current `stockFingerprint` of a product. */
export async function currentStockFingerprint(db: Kysely<DB>, productId: number): Promise<string> {
  const rows = await db
    .selectFrom("product_variants")
    .select(["size_id as sizeId", "color_id as colorId", "stock"])
    .where("product_id", "=", productId)
    .execute();
  return stockFingerprint(rows);
}

/** Units of one variant that can be sold now (0 when it does not exist or the product is hidden). */
export async function variantStock(db: Kysely<DB>, key: VariantKey): Promise<number> {
  const row = await db
    .selectFrom("product_variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .where("v.product_id", "=", key.productId)
    .where(sameOrNull("size_id", key.sizeId))
    .where(sameOrNull("color_id", key.colorId))
    .where("p.hidden_at", "is", null)
    .select("v.stock")
    .executeTakeFirst();
  return row?.stock ?? 0;
}

/** An update of exactly the variant `key` names. */
function updateVariant(trx: Kysely<DB>, key: VariantKey) {
  return trx
    .updateTable("product_variants")
    .where("product_id", "=", key.productId)
    .where(sameOrNull("size_id", key.sizeId))
    .where(sameOrNull("color_id", key.colorId));
}

/**
 * Takes `quantity` units of a variant of a visible product: a guarded update that changes nothing
 * and answers false when fewer are left. Call it inside the transaction that records the sale.
 */
export async function reserveVariant(
  trx: Kysely<DB>,
  key: VariantKey,
  quantity: number,
): Promise<boolean> {
  const taken = await updateVariant(trx, key)
    .set((eb) => ({ stock: eb("stock", "-", quantity) }))
    .where("stock", ">=", quantity)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("products")
          .select("id")
          .where("id", "=", key.productId)
          .where("hidden_at", "is", null),
      ),
    )
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/**
 * Gives `quantity` units back to a variant. When that variant is gone (its size or colour was removed
 * since), the units go back to the product's only variant if it has just one; otherwise nowhere
 * (answers false).
 */
export async function releaseVariant(
  trx: Kysely<DB>,
  key: VariantKey,
  quantity: number,
): Promise<boolean> {
  const back = await updateVariant(trx, key)
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .executeTakeFirst();
  if (Number(back.numUpdatedRows) === 1) return true;
  const only = await trx
    .selectFrom("product_variants")
    .where("product_id", "=", key.productId)
    .select("id")
    .execute();
  if (only.length !== 1) return false;
  await trx
    .updateTable("product_variants")
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .where("id", "=", only[0].id)
    .execute();
  return true;
}

/** Takes several lines at once, all or nothing: the first line that cannot be taken is answered. */
export async function reserveLines<T extends VariantKey & { quantity: number }>(
  trx: Kysely<DB>,
  lines: T[],
): Promise<{ ok: true } | { ok: false; line: T }> {
  for (const line of lines) {
    if (!(await reserveVariant(trx, line, line.quantity))) return { ok: false, line };
  }
  return { ok: true };
}

/** Sums quantities per variant (an order may hold the same variant on two lines). */
export function byVariant<T extends VariantKey & { quantity: number }>(
  lines: T[],
): (VariantKey & { quantity: number })[] {
  const map = new Map<string, VariantKey & { quantity: number }>();
  for (const l of lines) {
    const k = `${l.productId}:${l.sizeId ?? 0}:${l.colorId ?? 0}`;
    const had = map.get(k);
    map.set(k, {
      productId: l.productId,
      sizeId: l.sizeId,
      colorId: l.colorId,
      quantity: (had?.quantity ?? 0) + l.quantity,
    });
  }
  return [...map.values()];
}

/** Splits `total` units evenly over `n` variants, the remainder to the first ones. */
export function splitStock(total: number, n: number): number[] {
  if (n <= 0) return [];
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => each + (i < total - each * n ? 1 : 0));
}

/**
 * Makes a product's variant rows match its colours x sizes: rows of removed sizes or colours go,
 * missing ones are added. `stockFor` answers the stock a variant gets (by its position among the
 * colours and sizes): a number sets it, undefined keeps an existing row's stock (0 for a new row).
 */
export async function syncVariants(
  trx: Kysely<DB>,
  productId: number,
  stockFor: (at: {
    sizeId: number | null;
    colorId: number | null;
    sizeIndex: number;
    colorIndex: number;
    index: number;
    /** The variant's stock now, null when it is new. */
    existing: number | null;
  }) => number | undefined,
): Promise<void> {
  const [sizes, colors, existing] = await Promise.all([
    trx
      .selectFrom("product_sizes")
      .where("product_id", "=", productId)
      .select("id")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    trx
      .selectFrom("product_colors")
      .where("product_id", "=", productId)
      .select("id")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    trx
      .selectFrom("product_variants")
      .where("product_id", "=", productId)
      .select(["id", "size_id", "color_id", "stock"])
      .execute(),
  ]);
  const sizeIds: (number | null)[] = sizes.length > 0 ? sizes.map((s) => s.id) : [null];
  const colorIds: (number | null)[] = colors.length > 0 ? colors.map((c) => c.id) : [null];
  const wanted: {
    sizeId: number | null;
    colorId: number | null;
    sizeIndex: number;
    colorIndex: number;
    index: number;
  }[] = [];
  colorIds.forEach((colorId, colorIndex) =>
    sizeIds.forEach((sizeId, sizeIndex) =>
      wanted.push({ sizeId, colorId, sizeIndex, colorIndex, index: wanted.length }),
    ),
  );
  const stale = existing.filter(
    (e) => !wanted.some((w) => w.sizeId === e.size_id && w.colorId === e.color_id),
  );
  if (stale.length > 0) {
    await trx
      .deleteFrom("product_variants")
      .where(
        "id",
        "in",
        stale.map((s) => s.id),
      )
      .execute();
  }
  for (const w of wanted) {
    const row = existing.find((e) => e.size_id === w.sizeId && e.color_id === w.colorId);
    const stock = stockFor({ ...w, existing: row?.stock ?? null });
    if (row) {
      if (stock !== undefined)
        await trx.updateTable("product_variants").set({ stock }).where("id", "=", row.id).execute();
    } else {
      await trx
        .insertInto("product_variants")
        .values({
          product_id: productId,
          size_id: w.sizeId,
          color_id: w.colorId,
          stock: stock ?? 0,
        })
        .execute();
    }
  }
}

/** Sets the stock of one existing variant; false when the product has no such variant. */
export async function setVariantStock(
  trx: Kysely<DB>,
  key: VariantKey,
  stock: number,
): Promise<boolean> {
  const result = await trx
    .updateTable("product_variants")
    .set({ stock })
    .where("product_id", "=", key.productId)
    .where(sameOrNull("size_id", key.sizeId))
    .where(sameOrNull("color_id", key.colorId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
