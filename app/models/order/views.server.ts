import { sql, type Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB, OrderStatus } from "~/db/schema";
import { imageUrl } from "~/utils/images";
import { idSchema } from "~/utils/validation";
import type { Address } from "../address.server";
import { loadOrderItems, type OrderLine } from "./shared.server";
import { adminMoves, ORDERED_STATUSES, TO_SHIP } from "./status.server";

/** Reading orders: the shopper's and the admin's views, and the JSON API's shape. */

export const ADMIN_PAGE_SIZE = 20;

export type OrderItemView = OrderLine & { id: number };

export type PaymentView = {
  id: number;
  status: "paid" | "failed" | "mismatch";
  razorpayPaymentId: string;
  amountPaise: number | null;
  createdAt: string;
};

/** The delivery address as copied into the order when it was placed. */
export type ShippingAddress = Omit<Address, "id">;

export type OrderView = {
  id: number;
  userId: number;
  status: OrderStatus;
  checkoutType: "cart" | "single";
  amountPaise: number;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  createdAt: string;
  paidAt: string | null;
  reservedUntil: string;
  trackingNumber: string | null;
  attention: string | null;
  paymentMethod: "razorpay" | "cod";
  shippingPaise: number;
  codFeePaise: number;
  address: ShippingAddress;
  items: OrderItemView[];
  payments: PaymentView[];
};

function orderColumns() {
  return [
    "o.id",
    "o.user_id as userId",
    "o.status",
    "o.checkout_type as checkoutType",
    "o.amount_paise as amountPaise",
    "o.razorpay_order_id as razorpayOrderId",
    "o.razorpay_payment_id as razorpayPaymentId",
    "o.created_at as createdAt",
    "o.paid_at as paidAt",
    "o.reserved_until as reservedUntil",
    "o.tracking_number as trackingNumber",
    "o.attention",
    "o.payment_method as paymentMethod",
    "o.shipping_paise as shippingPaise",
    "o.cod_fee_paise as codFeePaise",
    "o.ship_full_name",
    "o.ship_phone",
    "o.ship_address1",
    "o.ship_address2",
    "o.ship_city",
    "o.ship_state",
    "o.ship_postal_code",
    "o.ship_country",
  ] as const;
}

type OrderBase = Omit<OrderView, "address" | "items" | "payments"> & {
  ship_full_name: string;
  ship_phone: string;
  ship_address1: string;
  ship_address2: string;
  ship_city: string;
  ship_state: string;
  ship_postal_code: string;
  ship_country: string;
};

const paymentColumns = [
  "id",
  "order_id",
  "status",
  "razorpay_payment_id as razorpayPaymentId",
  "amount_paise as amountPaise",
  "created_at as createdAt",
] as const;

/** One order's payments (its page): compiled once. */
const paymentsOfOrder = prepared((db, orderId: number) =>
  db.selectFrom("payments").where("order_id", "=", orderId).select(paymentColumns).orderBy("id"),
);

/** Adds items and payments to order rows, two queries for any number of orders. */
async function withDetails(db: Kysely<DB>, rows: OrderBase[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await loadOrderItems(db, ids);
  const payments =
    ids.length === 1
      ? await paymentsOfOrder(db, ids[0])
      : await db
          .selectFrom("payments")
          .where("order_id", "in", ids)
          .select(paymentColumns)
          .orderBy("id")
          .execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    status: r.status,
    checkoutType: r.checkoutType,
    amountPaise: r.amountPaise,
    razorpayOrderId: r.razorpayOrderId,
    razorpayPaymentId: r.razorpayPaymentId,
    createdAt: r.createdAt,
    paidAt: r.paidAt,
    reservedUntil: r.reservedUntil,
    trackingNumber: r.trackingNumber,
    attention: r.attention,
    paymentMethod: r.paymentMethod,
    shippingPaise: r.shippingPaise,
    codFeePaise: r.codFeePaise,
    address: {
      fullName: r.ship_full_name,
      phone: r.ship_phone,
      address1: r.ship_address1,
      address2: r.ship_address2,
      city: r.ship_city,
      state: r.ship_state,
      postalCode: r.ship_postal_code,
      country: r.ship_country,
    },
    items: items
      .filter((i) => i.order_id === r.id)
      .map(({ order_id: _o, cartItemId: _c, ...i }) => i),
    payments: payments.filter((p) => p.order_id === r.id).map(({ order_id: _o, ...p }) => p),
  }));
}

const orderOfUser = prepared((db, userId: number, orderId: number) =>
  db
    .selectFrom("orders as o")
    .select(orderColumns())
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId),
);

const orderById = prepared((db, orderId: number) =>
  db.selectFrom("orders as o").select(orderColumns()).where("o.id", "=", orderId),
);

/** An order as `viewer` may read it: an admin any order, anyone else only their own (else null). */
export async function getOrderForViewer(
  db: Kysely<DB>,
  viewer: { id: number; role: string },
  orderId: number,
): Promise<OrderView | null> {
  if (viewer.role !== "admin") return getOrderForUser(db, viewer.id, orderId);
  const [row] = await orderById(db, orderId);
  if (!row) return null;
  const [order] = await withDetails(db, [row]);
  return order;
}

/** One of the user's orders; null for anyone else's (the owner check is in the WHERE). */
export async function getOrderForUser(
  db: Kysely<DB>,
  userId: number,
  orderId: number,
): Promise<OrderView | null> {
  const [row] = await orderOfUser(db, userId, orderId);
  if (!row) return null;
  const [order] = await withDetails(db, [row]);
  return order;
}

/** How far back the checkout looks for the same Buy Now already ordered (see sameBuyNowOrdered). */
export const SAME_BUY_NOW_HOURS = 24;

/**
 * The shopper's latest Buy Now order of the same product, colour and size that went through
 * checkout in the last SAME_BUY_NOW_HOURS: Back after paying lands on a live Pay Now, and a
 * shopper unsure whether it went through should see that it did before paying again.
 */
export async function sameBuyNowOrdered(
  db: Kysely<DB>,
  userId: number,
  item: { productId: number; sizeId: number | null; colorId: number | null },
  now = new Date(),
): Promise<{ id: number; status: OrderStatus; createdAt: string } | null> {
  const since = new Date(now.getTime() - SAME_BUY_NOW_HOURS * 3_600_000).toISOString();
  let query = db
    .selectFrom("orders as o")
    .innerJoin("order_items as i", "i.order_id", "o.id")
    .select(["o.id", "o.status", "o.created_at as createdAt"])
    .where("o.user_id", "=", userId)
    .where("o.checkout_type", "=", "single")
    .where("o.status", "in", ORDERED_STATUSES)
    .where("o.created_at", ">=", since)
    .where("i.product_id", "=", item.productId);
  query =
    item.sizeId === null
      ? query.where("i.size_id", "is", null)
      : query.where("i.size_id", "=", item.sizeId);
  query =
    item.colorId === null
      ? query.where("i.color_id", "is", null)
      : query.where("i.color_id", "=", item.colorId);
  const row = await query.orderBy("o.id", "desc").executeTakeFirst();
  return row ?? null;
}

/** The user's orders that went through checkout (ORDERED_STATUSES), newest first. */
export async function listPaidOrdersForUser(db: Kysely<DB>, userId: number): Promise<OrderView[]> {
  const rows = await db
    .selectFrom("orders as o")
    .select(orderColumns())
    .where("o.user_id", "=", userId)
    .where("o.status", "in", ORDERED_STATUSES)
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(200)
    .execute();
  return withDetails(db, rows);
}

/**
 * An order as its shopper sees it (their order page, Your Orders): without `attention`, the admin's
 * own note of what to do (a payment to refund, a shipment to check), which is not for the shopper.
 */
export function forShopper({ attention: _attention, ...order }: OrderView) {
  return order;
}

export type AdminOrderView = OrderView & {
  email: string;
  history: {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    by: string;
    note: string | null;
    at: string;
  }[];
  allowedTransitions: OrderStatus[];
};

/** Every order, newest first, a page at a time, optionally of one status (admin). */
export async function listAllOrders(
  db: Kysely<DB>,
  options: {
    /**
     * One status, "to-ship": every order still to ship (TO_SHIP), or "attention": every order
     * with a note for the admin (the dashboard's "needing attention").
     */
    status?: OrderStatus | "to-ship" | "attention" | null;
    /** Find: an order number (with or without "#"), or part of the customer's e-mail, name or phone. */
    q?: string;
    page?: number;
    pageSize?: number;
    /** A page past the last: the last page (default) or no orders (the JSON API). */
    pastLastPage?: "last" | "empty";
  } = {},
): Promise<{
  orders: (OrderView & { email: string })[];
  total: number;
  page: number;
  pageCount: number;
}> {
  const pageSize = options.pageSize ?? ADMIN_PAGE_SIZE;
  let base = db.selectFrom("orders as o").innerJoin("users as u", "u.id", "o.user_id");
  if (options.status === "to-ship") base = base.where("o.status", "in", TO_SHIP);
  else if (options.status === "attention") base = base.where("o.attention", "is not", null);
  else if (options.status) base = base.where("o.status", "=", options.status);
  const q = (options.q ?? "").trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    // An order number only when it can be one (digits past the id column match no id); "#12"
    // is only that order, and a few digits are not yet part of a phone number.
    const id = /^#?\d+$/.test(q) ? idSchema.safeParse(q.replace("#", "")) : null;
    const orderNumberOnly = q.startsWith("#") || /^\d{1,5}$/.test(q);
    base = base.where((eb) =>
      eb.or([
        ...(id?.success ? [eb("o.id", "=", id.data)] : []),
        ...(orderNumberOnly
          ? []
          : [
              eb(sql`lower(u.email)`, "like", sql`${like} escape '\\'`),
              eb(sql`lower(o.ship_full_name)`, "like", sql`${like} escape '\\'`),
              eb(sql`o.ship_phone`, "like", sql`${like} escape '\\'`),
            ]),
      ]),
    );
  }
  const { n } = await base
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const wanted = Math.max(1, Math.floor(options.page ?? 1));
  const page = options.pastLastPage === "empty" ? wanted : Math.min(wanted, pageCount);
  const rows =
    page > pageCount
      ? []
      : await base
          .select([...orderColumns(), "u.email"])
          .orderBy("o.created_at", "desc")
          .orderBy("o.id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute();
  const detailed = await withDetails(db, rows);
  return {
    orders: detailed.map((o, i) => ({ ...o, email: rows[i].email })),
    total,
    page,
    pageCount,
  };
}

/** Any order with its customer's e-mail, payments, history and the moves an admin may make. */
export async function getOrderForAdmin(
  db: Kysely<DB>,
  orderId: number,
): Promise<AdminOrderView | null> {
  const row = await db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select([...orderColumns(), "u.email", "o.cash_collected_at"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return null;
  const [order] = await withDetails(db, [row]);
  const history = await db
    .selectFrom("order_status_history")
    .where("order_id", "=", orderId)
    .select(["from_status as fromStatus", "to_status as toStatus", "by", "note", "at"])
    .orderBy("id")
    .execute();
  return {
    ...order,
    email: row.email,
    history,
    allowedTransitions: adminMoves({
      status: order.status,
      payment_method: order.paymentMethod,
      cash_collected_at: row.cash_collected_at,
    }),
  };
}

// The JSON API's shapes (SPEC section 3)

/** Buyer (and admin) view of an order, in the spec's field names. */
export function toApiOrder(order: OrderView & { email?: string }) {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt,
    totalAmount: order.amountPaise,
    // Parts of totalAmount, in paise: delivery and the cash on delivery fee.
    shippingAmount: order.shippingPaise,
    codFeeAmount: order.codFeePaise,
    paymentMethod: order.paymentMethod,
    razorpayOrderId: order.razorpayOrderId,
    userId: { name: order.address.fullName, phone: order.address.phone },
    ...(order.email ? { user: { email: order.email } } : {}),
    billingAddress: order.address,
    items: order.items.map((i) => ({
      id: i.id,
      quantity: i.quantity,
      price: i.unitPricePaise,
      wheelSize: i.sizeLabel || null,
      size: i.sizeLabel
        ? {
            id: i.sizeId,
            label: i.sizeLabel,
            boltPattern: i.boltPattern,
            offset: i.offsetMm,
            partNumber: i.partNumber,
          }
        : null,
      color: i.colorName || null,
      colorId: i.colorId,
      product: {
        id: i.productId,
        slug: i.slug,
        image: imageUrl(i.image, 320),
        title: i.title,
        brand: i.brand,
        price: i.unitPricePaise,
      },
    })),
    // The payment that paid the order first: the spec's client reads the first payment's status.
    payments: [...order.payments]
      .sort(
        (a, b) =>
          Number(b.razorpayPaymentId === order.razorpayPaymentId && b.status === "paid") -
          Number(a.razorpayPaymentId === order.razorpayPaymentId && a.status === "paid"),
      )
      .map((p) => ({
        id: p.id,
        status: p.status,
        razorpayPaymentId: p.razorpayPaymentId,
      })),
  };
}
