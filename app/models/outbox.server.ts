import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { Executor } from "~/db/db.server";
import type { OutboxStatus, OutboxTable } from "~/db/schema";
import { CASH_ON_DELIVERY, type MessagePayload, type OrderSnapshot } from "~/messages/templates";
import { getEnv } from "~/utils/env.server";

/**
 * The outbox: every message to a shopper or an admin is a row written in the same transaction as
 * the change that causes it, so a message is never lost and never sent for a change that rolled
 * back. A worker in each server process claims due rows, sends them (at least once) and retries
 * failures with exponential backoff. Each row keeps one Message-ID for all its attempts, so a retry
 * reads as the same message. A process killed while sending leaves its claim behind; any other
 * process (or the restarted one) takes it over once that process is gone or the claim lapses.
 */

export type OutboxRow = Selectable<OutboxTable>;

/** Attempts before a message is marked failed (the admin can still resend it). */
export const MAX_ATTEMPTS = 8;
/** The first retry waits this long; each next one twice as long, up to BACKOFF_MAX_MS. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 3600_000;
/** How long a claim holds when its process is alive but silent (hung connection). */
export const CLAIM_MS = 5 * 60_000;
export const OUTBOX_PAGE_SIZE = 50;

const iso = (d: Date) => d.toISOString();

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number, base = BACKOFF_BASE_MS): number {
  return Math.min(BACKOFF_MAX_MS, base * 2 ** Math.max(0, attempts - 1));
}

function mailDomain(): string {
  const from = getEnv().MAIL_FROM;
  const m = /@([A-Za-z0-9.-]+)/.exec(from);
  return m ? m[1] : "localhost";
}

/**
 * When the link a message carries stops working (a password reset's, `minutes` after it was
 * asked for), or null: past it the message is not worth sending.
 */
export function linkExpiresAt(row: Pick<OutboxRow, "kind" | "payload" | "created_at">) {
  if (row.kind !== "password_reset") return null;
  const { minutes } = JSON.parse(row.payload) as { minutes?: unknown };
  // Redacted: its link is no longer kept.
  if (typeof minutes !== "number") return new Date(0);
  return new Date(Date.parse(row.created_at) + minutes * 60_000);
}

export const LINK_EXPIRED =
  "The reset link expired before the mail could go out; the shopper can ask for a new one.";

export type NewMessage = {
  channel: "email" | "whatsapp";
  recipient: string;
  payload: MessagePayload;
  /** At most one row per key: writing the same key again does nothing. */
  dedupeKey?: string | null;
  orderId?: number | null;
  userId?: number | null;
  now?: Date;
};

const newMessageId = () => `<${crypto.randomUUID()}@${mailDomain()}>`;

/** Writes one message to the outbox (call it inside the transaction of the change). */
export async function enqueueMessage(db: Executor, message: NewMessage): Promise<void> {
  const now = message.now ?? new Date();
  await db
    .insertInto("outbox")
    .values({
      channel: message.channel,
      kind: message.payload.kind,
      recipient: message.recipient,
      payload: JSON.stringify(message.payload),
      message_id: newMessageId(),
      dedupe_key: message.dedupeKey ?? null,
      order_id: message.orderId ?? null,
      user_id: message.userId ?? null,
      next_attempt_at: iso(now),
      created_at: iso(now),
    })
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
}

/** Who hears of each new order: ADMIN_EMAIL, or else every admin account. */
export async function adminRecipients(db: Executor): Promise<string[]> {
  const configured = getEnv().ADMIN_EMAIL;
  if (configured) return [configured.toLowerCase()];
  const rows = await db.selectFrom("users").select("email").where("role", "=", "admin").execute();
  return rows.map((r) => r.email);
}

export const whatsappEnabled = () => {
  const env = getEnv();
  return Boolean(env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID);
};

/** An Indian mobile number as WhatsApp wants it: digits with the country code. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return digits;
  return null;
}

/**
 * What the order's messages show, read inside the transaction that changed it. With `refunded`
 * (the units of each line refunded before it shipped, by line id), its lines are what is in the
 * parcel and the refunded units are listed apart.
 */
export async function orderSnapshot(
  db: Executor,
  orderId: number,
  refunded?: ReadonlyMap<number, number>,
) {
  const o = await db
    .selectFrom("orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .selectAll("o")
    .select("u.email")
    .where("o.id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom("order_items")
    .select([
      "id",
      "title",
      "quantity",
      "unit_price_paise",
      "size_label",
      "color_name",
      "bolt_pattern",
      "offset_mm",
      "part_number",
    ])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const line = (i: (typeof items)[number], quantity: number) => ({
    title: i.title,
    quantity,
    unitPricePaise: i.unit_price_paise,
    sizeLabel: i.size_label,
    colorName: i.color_name,
    boltPattern: i.bolt_pattern,
    offsetMm: i.offset_mm,
    partNumber: i.part_number,
  });
  const refundedOf = (i: (typeof items)[number]) => Math.min(refunded?.get(i.id) ?? 0, i.quantity);
  const refundedItems = items.filter((i) => refundedOf(i) > 0).map((i) => line(i, refundedOf(i)));
  const snapshot: OrderSnapshot = {
    id: o.id,
    items: items
      .filter((i) => i.quantity > refundedOf(i))
      .map((i) => line(i, i.quantity - refundedOf(i))),
    ...(refundedItems.length > 0 ? { refundedItems } : {}),
    shippingPaise: o.shipping_paise,
    codFeePaise: o.cod_fee_paise,
    totalPaise: o.amount_paise,
    paymentMethod: paymentMethodLabel(o.payment_method === "cod" ? "cod" : (o.gateway as string)),
    address: {
      fullName: o.ship_full_name,
      phone: o.ship_phone,
      address1: o.ship_address1,
      address2: o.ship_address2,
      city: o.ship_city,
      state: o.ship_state,
      postalCode: o.ship_postal_code,
      country: o.ship_country,
    },
    trackingNumber: o.tracking_number,
    customerEmail: o.email,
  };
  return { snapshot, userId: o.user_id, whatsappOptIn: whatsappWanted(o) };
}

/** The shopper agreed to WhatsApp updates for the order at checkout and has not stopped them. */
function whatsappWanted(o: {
  whatsapp_opt_in_at: string | null;
  whatsapp_opt_out_at: string | null;
}): boolean {
  return o.whatsapp_opt_in_at !== null && o.whatsapp_opt_out_at === null;
}

/** What a message of an order that the shopper stopped WhatsApp updates for says, unsent. */
export const WHATSAPP_STOPPED = "The shopper stopped WhatsApp updates";

/** WhatsApp updates of a shopper's order: asked for at checkout, then stopped, or never asked. */
export type WhatsAppUpdates = "on" | "stopped" | null;

export async function whatsappUpdates(db: Executor, orderId: number): Promise<WhatsAppUpdates> {
  const o = await db
    .selectFrom("orders")
    .select(["whatsapp_opt_in_at", "whatsapp_opt_out_at"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!o || o.whatsapp_opt_in_at === null) return null;
  return whatsappWanted(o) ? "on" : "stopped";
}

/**
 * The shopper stops WhatsApp updates for their order (WhatsApp's rules: an opt-out is honoured at
 * once). Its time is kept beside the consent's; the order's WhatsApp messages still waiting are
 * not sent. False when the order is not theirs.
 */
export async function stopWhatsAppUpdates(
  db: Executor,
  { userId, orderId }: { userId: number; orderId: number },
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select("id")
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!order) return false;
    await trx
      .updateTable("orders")
      .set({ whatsapp_opt_out_at: iso(now) })
      .where("id", "=", orderId)
      .where("whatsapp_opt_in_at", "is not", null)
      .where("whatsapp_opt_out_at", "is", null)
      .execute();
    await trx
      .updateTable("outbox")
      .set({
        status: "failed",
        last_error: WHATSAPP_STOPPED,
        claimed_by: null,
        claimed_until: null,
      })
      .where("order_id", "=", orderId)
      .where("channel", "=", "whatsapp")
      .where("status", "=", "waiting")
      .execute();
    return true;
  });
}

function paymentMethodLabel(gateway: string): string {
  if (gateway === "cod") return CASH_ON_DELIVERY;
  if (gateway === "sandbox") return "Paid online (test payment)";
  return "Paid online (Razorpay)";
}

export type OrderEvent = "placed" | "shipped" | "delivered" | "cancelled";

const CUSTOMER_KIND = {
  placed: "order_confirmation",
  shipped: "order_shipped",
  delivered: "order_delivered",
  cancelled: "order_cancelled",
} as const;

/**
 * The messages of an order's change, written in its transaction: the shopper's mail (and WhatsApp
 * when they opted in and it is configured), and for a new paid or cash-on-delivery order ('placed')
 * a notice to the admins. Once per order and event. `refunded`: see orderSnapshot (for 'shipped').
 */
export async function enqueueOrderEvent(
  db: Executor,
  orderId: number,
  event: OrderEvent,
  now: Date = new Date(),
  refunded?: ReadonlyMap<number, number>,
): Promise<void> {
  const { snapshot, userId, whatsappOptIn } = await orderSnapshot(db, orderId, refunded);
  const kind = CUSTOMER_KIND[event];
  const payload = { kind, order: snapshot } as MessagePayload;
  await enqueueMessage(db, {
    channel: "email",
    recipient: snapshot.customerEmail,
    payload,
    dedupeKey: `order:${orderId}:${event}:email`,
    orderId,
    userId,
    now,
  });
  const phone = whatsappNumber(snapshot.address.phone);
  if (whatsappOptIn && phone && whatsappEnabled()) {
    await enqueueMessage(db, {
      channel: "whatsapp",
      recipient: phone,
      payload,
      dedupeKey: `order:${orderId}:${event}:whatsapp`,
      orderId,
      userId,
      now,
    });
  }
  if (event === "placed") {
    for (const admin of await adminRecipients(db)) {
      await enqueueMessage(db, {
        channel: "email",
        recipient: admin,
        payload: { kind: "order_admin_notice", order: snapshot },
        dedupeKey: `order:${orderId}:admin:${admin}`,
        orderId,
        now,
      });
    }
  }
}

/** The shopper's message about a refund (written with the refund's change). */
export async function enqueueRefundNotice(
  db: Executor,
  orderId: number,
  refund: { id: number; amountPaise: number; status: "pending" | "processed" | "failed" },
  now: Date = new Date(),
  /** `email: false`: another e-mail tells of it (a return's), only WhatsApp is sent from here. */
  options: { email?: boolean } = {},
): Promise<void> {
  const { snapshot, userId, whatsappOptIn } = await orderSnapshot(db, orderId);
  const payload: MessagePayload = { kind: "order_refunded", order: snapshot, refund };
  if (options.email !== false) {
    await enqueueMessage(db, {
      channel: "email",
      recipient: snapshot.customerEmail,
      payload,
      dedupeKey: `refund:${refund.id}:${refund.status}:email`,
      orderId,
      userId,
      now,
    });
  }
  const phone = whatsappNumber(snapshot.address.phone);
  if (whatsappOptIn && phone && whatsappEnabled() && refund.status === "processed") {
    await enqueueMessage(db, {
      channel: "whatsapp",
      recipient: phone,
      payload,
      dedupeKey: `refund:${refund.id}:${refund.status}:whatsapp`,
      orderId,
      userId,
      now,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The admin's view

export type OutboxEntry = {
  id: number;
  channel: "email" | "whatsapp";
  kind: string;
  recipient: string;
  status: OutboxStatus;
  /** Every delivery attempt, those before the admin's resends included. */
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  orderId: number | null;
  messageId: string;
};

/** The outbox, newest first, optionally of one status. */
export async function listOutbox(
  db: Executor,
  options: { status?: OutboxStatus | null; page?: number } = {},
): Promise<{
  entries: OutboxEntry[];
  counts: Record<OutboxStatus, number>;
  page: number;
  pageCount: number;
}> {
  let base = db.selectFrom("outbox");
  if (options.status) base = base.where("status", "=", options.status);
  const countRows = await db
    .selectFrom("outbox")
    .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<OutboxStatus, number> = { waiting: 0, sent: 0, failed: 0 };
  for (const r of countRows) counts[r.status] = Number(r.n);
  const total = options.status
    ? counts[options.status]
    : counts.waiting + counts.sent + counts.failed;
  const pageCount = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const rows = await base
    .selectAll()
    .orderBy("id", "desc")
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  return {
    entries: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      kind: r.kind,
      recipient: r.recipient,
      status: r.status,
      attempts: r.total_attempts,
      nextAttemptAt: r.next_attempt_at,
      lastError: r.last_error,
      sentAt: r.sent_at,
      createdAt: r.created_at,
      orderId: r.order_id,
      messageId: r.message_id,
    })),
    counts,
    page,
    pageCount,
  };
}

export type ResendResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * The admin sends a message again (failed, or sent and lost by the recipient): it becomes due now.
 * A failed one keeps its Message-ID (it never arrived: the same message, late); a sent one gets a
 * new one, since a mailbox that has its first copy (deleted, in spam) drops a second with the same
 * id. A sent password reset cannot be resent (its link is not kept), nor one whose link has expired.
 * The resend gets a fresh round of retries (`attempts` from 0); `total_attempts` keeps counting.
 */
export async function resendMessage(
  db: Executor,
  id: number,
  now = new Date(),
): Promise<ResendResult> {
  const row = await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return { ok: false, status: 404, message: "Message not found" };
  if (row.status === "waiting")
    return { ok: false, status: 409, message: "This message is already waiting to be sent." };
  if (row.kind === "password_reset" && row.status === "sent") {
    return {
      ok: false,
      status: 409,
      message: "A password reset link is not kept once sent; the shopper can ask for a new one.",
    };
  }
  const expires = linkExpiresAt(row);
  if (expires && expires <= now) return { ok: false, status: 409, message: LINK_EXPIRED };
  if (
    row.channel === "whatsapp" &&
    row.order_id !== null &&
    (await whatsappUpdates(db, row.order_id)) === "stopped"
  )
    return { ok: false, status: 409, message: `${WHATSAPP_STOPPED} for this order.` };
  await db
    .updateTable("outbox")
    .set({
      status: "waiting",
      attempts: 0,
      next_attempt_at: iso(now),
      claimed_by: null,
      claimed_until: null,
      ...(row.status === "sent" ? { message_id: newMessageId(), sent_at: null } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", row.status)
    .execute();
  return { ok: true };
}
