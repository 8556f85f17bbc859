import type { Kysely, Selectable } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB, OrderStatus, OrdersTable } from "~/db/schema";
import { byVariant, releaseVariant, reserveVariant } from "../variant-stock.server";

/** Pieces the order modules share: row types, the guarded status move and the stock of an order's items. */

export type OrderRow = Selectable<OrdersTable>;
/** A database handle or an open transaction. */
export type Trx = Kysely<DB>;

export const nowIso = (now: Date = new Date()) => now.toISOString();

/** What an order line holds, whether drafted at checkout or read back from the order. */
export type OrderLine = {
  productId: number;
  title: string;
  brand: string;
  slug: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
  sizeLabel: string;
  colorName: string;
  sizeId: number | null;
  colorId: number | null;
  boltPattern: string;
  offsetMm: number | null;
  partNumber: string;
};

/** Moves an order from the status it was read with; false when someone else moved it first. */
export async function moveStatus(
  trx: Trx,
  order: Pick<OrderRow, "id" | "status">,
  to: OrderStatus,
  by: string,
  options: {
    note?: string | null;
    set?: Partial<Omit<OrderRow, "id" | "status">>;
    now?: Date;
  } = {},
): Promise<boolean> {
  const at = nowIso(options.now);
  const result = await trx
    .updateTable("orders")
    .set({ ...options.set, status: to, updated_at: at })
    .where("id", "=", order.id)
    .where("status", "=", order.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("order_status_history")
    .values({
      order_id: order.id,
      from_status: order.status,
      to_status: to,
      by,
      note: options.note ?? null,
      at,
    })
    .execute();
  return true;
}

const orderItemColumns = [
  "id",
  "order_id",
  "product_id as productId",
  "cart_item_id as cartItemId",
  "title",
  "brand",
  "slug",
  "image",
  "unit_price_paise as unitPricePaise",
  "quantity",
  "size_label as sizeLabel",
  "color_name as colorName",
  "size_id as sizeId",
  "color_id as colorId",
  "bolt_pattern as boltPattern",
  "offset_mm as offsetMm",
  "part_number as partNumber",
] as const;

/** One order's items (its page, its payment): compiled once. */
const itemsOfOrder = prepared((db, orderId: number) =>
  db
    .selectFrom("order_items")
    .where("order_id", "=", orderId)
    .select(orderItemColumns)
    .orderBy("id"),
);

/** The items of any number of orders, in the order they were added: the one query that reads them. */
export function loadOrderItems(trx: Trx, orderIds: number[]) {
  if (orderIds.length === 1) return itemsOfOrder(trx, orderIds[0]);
  return trx
    .selectFrom("order_items")
    .where("order_id", "in", orderIds)
    .select(orderItemColumns)
    .orderBy("id")
    .execute();
}

const variantLines = async (trx: Trx, orderId: number) =>
  byVariant(await loadOrderItems(trx, [orderId]));

/** Gives an order's units back to the stock of their variants. */
export async function restock(trx: Trx, orderId: number) {
  for (const line of await variantLines(trx, orderId))
    await releaseVariant(trx, line, line.quantity);
}

/** Takes an order's units from the stock again (a late payment); false (nothing taken) when they are gone. */
export async function retakeStock(trx: Trx, orderId: number): Promise<boolean> {
  const lines = await variantLines(trx, orderId);
  const taken: typeof lines = [];
  for (const line of lines) {
    if (!(await reserveVariant(trx, line, line.quantity))) {
      for (const t of taken) await releaseVariant(trx, t, t.quantity);
      return false;
    }
    taken.push(line);
  }
  return true;
}

/**
 * An unpaid order ends (failed or expired): the guarded move, which clears its hold on the stock,
 * then the units go back when it held them. False when someone else moved it first.
 */
export async function endUnpaidOrder(
  trx: Trx,
  order: Pick<OrderRow, "id" | "status" | "stock_reserved">,
  to: "failed" | "expired",
  by: string,
  options: { note?: string | null; now?: Date } = {},
): Promise<boolean> {
  const moved = await moveStatus(trx, order, to, by, { ...options, set: { stock_reserved: 0 } });
  if (moved && order.stock_reserved) await restock(trx, order.id);
  return moved;
}
