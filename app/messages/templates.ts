import { formatPaise } from "~/utils/money";
import type { AddressInput } from "~/utils/validation";
import { sizeText } from "~/utils/variant";

/**
 * The messages the shop sends, as plain functions of the data captured when the outbox row was
 * written: each gives a subject, a plain-text part and an HTML part. Prices go through the one
 * money formatter. Tests render them directly.
 */

export type OrderLine = {
  title: string;
  quantity: number;
  unitPricePaise: number;
  sizeLabel: string;
  colorName: string;
  /** The size's details (absent in messages queued before sizes had them). */
  boltPattern?: string;
  offsetMm?: number | null;
  partNumber?: string;
};

export type OrderSnapshot = {
  id: number;
  items: OrderLine[];
  /**
   * Shipping and the cash on delivery fee, part of the total (absent in messages queued before
   * the snapshot had them: those show the lines and the total only).
   */
  shippingPaise?: number;
  codFeePaise?: number;
  /**
   * The shipped message: units refunded before the order shipped, so not in its parcel (`items`
   * are then what is in it). Listed apart, with their price, so that the lines still add up.
   */
  refundedItems?: OrderLine[];
  totalPaise: number;
  paymentMethod: string;
  address: AddressInput;
  trackingNumber: string | null;
  customerEmail: string;
};

export type MessagePayload =
  | { kind: "order_confirmation"; order: OrderSnapshot }
  | { kind: "order_admin_notice"; order: OrderSnapshot }
  | { kind: "order_shipped"; order: OrderSnapshot }
  | { kind: "order_delivered"; order: OrderSnapshot }
  | { kind: "order_cancelled"; order: OrderSnapshot }
  | {
      kind: "order_refunded";
      order: OrderSnapshot;
      refund: { amountPaise: number; status: "pending" | "processed" | "failed" };
    }
  | {
      kind: "return_update";
      order: OrderSnapshot;
      return: {
        id: number;
        /** 'received': the goods arrived and their refund is on its way (not processed yet). */
        status: "requested" | "approved" | "declined" | "received" | "refunded";
        note: string | null;
        /** With the variant of each line (absent in messages queued before they had it). */
        lines: ({ title: string; quantity: number } & Partial<OrderLine>)[];
        /** The sum of its refund, once the goods arrived (absent in messages queued before). */
        refundPaise?: number;
      };
    }
  | { kind: "password_reset"; email: string; token: string; minutes: number };

export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

const SHOP = "Overland 4x4 Gear";

/** The payment method of a cash on delivery order, as its messages show it. */
export const CASH_ON_DELIVERY = "Cash on delivery";

/** Where a parcel can be followed: the order page (it shows the tracking number and status). */
export const orderUrl = (publicUrl: string, orderId: number) => `${publicUrl}/order/${orderId}`;
export const resetUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password/${encodeURIComponent(token)}`;

type Block = { text: string; html: string };

/** A paragraph; its line breaks (a note typed on several lines) stay breaks in the HTML part. */
const para = (s: string): Block => ({
  text: s,
  html: `<p>${escapeHtml(s).replace(/\r\n?|\n/g, "<br>")}</p>`,
});
const link = (label: string, href: string): Block => ({
  text: `${label}: ${href}`,
  html: `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`,
});

function lineLabel(l: Pick<OrderLine, "title"> & Partial<OrderLine>) {
  const variant = [sizeText({ ...l, sizeLabel: l.sizeLabel ?? "" }), l.colorName]
    .filter(Boolean)
    .join(", ");
  return variant ? `${l.title} (${variant})` : l.title;
}

/**
 * Shipping ("Free" when nothing, as on the order page) and, for cash on delivery, its fee: the
 * rows between the items and the total, so that the mail adds up like the order page and invoice.
 */
function chargeRows(order: OrderSnapshot): { label: string; amount: string }[] {
  if (order.shippingPaise === undefined) return [];
  const rows = [
    {
      label: "Shipping",
      amount: order.shippingPaise === 0 ? "Free" : formatPaise(order.shippingPaise),
    },
  ];
  if (order.codFeePaise)
    rows.push({ label: "Cash on delivery fee", amount: formatPaise(order.codFeePaise) });
  return rows;
}

function orderBlock(order: OrderSnapshot): Block {
  const listed = [
    ...order.items.map((l) => ({ l, label: lineLabel(l) })),
    ...(order.refundedItems ?? []).map((l) => ({
      l,
      label: `${lineLabel(l)} (refunded, not in this parcel)`,
    })),
  ];
  const lines = listed.map(
    ({ l, label }) => `${l.quantity} × ${label}  ${formatPaise(l.unitPricePaise * l.quantity)}`,
  );
  const charges = chargeRows(order);
  const a = order.address;
  const address = [
    a.fullName,
    a.address1,
    a.address2,
    `${a.city}, ${a.state} ${a.postalCode}`,
    a.country,
    `Phone ${a.phone}`,
  ].filter(Boolean);
  const text = [
    `Order #${order.id}`,
    ...lines,
    ...charges.map((c) => `${c.label}: ${c.amount}`),
    `Total: ${formatPaise(order.totalPaise)}`,
    `Payment: ${order.paymentMethod}`,
    "",
    "Delivery address:",
    ...address,
  ].join("\n");
  const rows = listed
    .map(
      ({ l, label }) =>
        `<tr><td>${l.quantity} ×</td><td>${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(formatPaise(l.unitPricePaise * l.quantity))}</td></tr>`,
    )
    .join("");
  const chargeHtml = charges
    .map(
      (c) =>
        `<tr><td></td><td>${escapeHtml(c.label)}</td><td style="text-align:right">${escapeHtml(c.amount)}</td></tr>`,
    )
    .join("");
  const html =
    `<h2>Order #${order.id}</h2>` +
    `<table cellpadding="4">${rows}${chargeHtml}<tr><td></td><th style="text-align:left">Total</th><th style="text-align:right">${escapeHtml(formatPaise(order.totalPaise))}</th></tr></table>` +
    `<p>Payment: ${escapeHtml(order.paymentMethod)}</p>` +
    `<p><strong>Delivery address</strong><br>${address.map(escapeHtml).join("<br>")}</p>`;
  return { text, html };
}

function compose(subject: string, blocks: Block[]): RenderedMail {
  const text = [...blocks.map((b) => b.text), "", `— ${SHOP}`].join("\n\n");
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:36rem">` +
    blocks.map((b) => b.html).join("") +
    `<p style="color:#57534e">${escapeHtml(SHOP)}</p></body></html>`;
  return { subject, text, html };
}

/** Subject, text and HTML of a message. `publicUrl` is the shop's origin for links. */
export function renderMail(payload: MessagePayload, publicUrl: string): RenderedMail {
  switch (payload.kind) {
    case "order_confirmation": {
      const o = payload.order;
      return compose(`Order #${o.id} confirmed`, [
        para(`Hello ${o.address.fullName}, thank you for your order. We are packing it now.`),
        orderBlock(o),
        link("See your order", orderUrl(publicUrl, o.id)),
      ]);
    }
    case "order_admin_notice": {
      const o = payload.order;
      return compose(`New order #${o.id}: ${formatPaise(o.totalPaise)}`, [
        para(`A new order from ${o.customerEmail}.`),
        orderBlock(o),
        link("Open it in the admin", `${publicUrl}/admin/orders/${o.id}`),
      ]);
    }
    case "order_shipped": {
      const o = payload.order;
      return compose(`Order #${o.id} has shipped`, [
        para(`Good news, ${o.address.fullName}: your order is on its way.`),
        para(
          o.trackingNumber
            ? `Tracking number: ${o.trackingNumber}`
            : "The tracking number follows on your order page.",
        ),
        link("Track your parcel", orderUrl(publicUrl, o.id)),
        orderBlock(o),
      ]);
    }
    case "order_delivered": {
      const o = payload.order;
      return compose(`Order #${o.id} was delivered`, [
        para(`Your order #${o.id} was delivered. Enjoy the trail!`),
        para("Not right? You can ask to return it within 7 days from your order page."),
        link("Your order", orderUrl(publicUrl, o.id)),
      ]);
    }
    case "order_cancelled": {
      const o = payload.order;
      return compose(`Order #${o.id} was cancelled`, [
        para(`Your order #${o.id} was cancelled.`),
        // Sent as the order is cancelled, before any refund is made: a separate message confirms it.
        // Cash on delivery is cancelled before it is paid (there is nothing to refund).
        para(
          o.paymentMethod === CASH_ON_DELIVERY
            ? "There is nothing to pay: it was to be paid on delivery."
            : "If you paid online, we are refunding what you paid to the way you paid; you will get a separate message once the refund is made.",
        ),
        link("Your order", orderUrl(publicUrl, o.id)),
      ]);
    }
    case "order_refunded": {
      const o = payload.order;
      const r = payload.refund;
      return compose(`Refund of ${formatPaise(r.amountPaise)} for order #${o.id}`, [
        para(
          r.status === "failed"
            ? `The refund of ${formatPaise(r.amountPaise)} for order #${o.id} did not go through; we are looking into it and will refund it again.`
            : r.status === "pending"
              ? `We have started a refund of ${formatPaise(r.amountPaise)} for order #${o.id}; it is on its way, and we write again once it is made.`
              : o.paymentMethod === CASH_ON_DELIVERY
                ? // No provider refunds cash: the shop paid it back itself before recording it.
                  `We have paid back ${formatPaise(r.amountPaise)} for order #${o.id}.`
                : `We have refunded ${formatPaise(r.amountPaise)} for order #${o.id}. Banks usually take 5–7 working days to show it.`,
        ),
        link("Your order", orderUrl(publicUrl, o.id)),
      ]);
    }
    case "return_update": {
      const o = payload.order;
      const r = payload.return;
      const lines = r.lines.map((l) => `${l.quantity} × ${lineLabel(l)}`).join(", ");
      const sum = r.refundPaise === undefined ? null : formatPaise(r.refundPaise);
      const text = {
        requested: `We have your request to return ${lines} from order #${o.id}. We will answer within 2 working days.`,
        approved: `Your return of ${lines} from order #${o.id} is approved. Pack the items and send them back; we refund them as soon as they arrive.`,
        declined: `We cannot accept the return of ${lines} from order #${o.id}.`,
        received: `The items you returned from order #${o.id} arrived. Their refund${sum ? ` of ${sum}` : ""} is started and on its way; we write again once it is made.`,
        refunded: !sum
          ? `The items you returned from order #${o.id} arrived and are refunded.`
          : o.paymentMethod === CASH_ON_DELIVERY
            ? `The items you returned from order #${o.id} arrived and are refunded: we have paid back ${sum}.`
            : `The items you returned from order #${o.id} arrived and are refunded: ${sum}. Banks usually take 5–7 working days to show it.`,
      }[r.status];
      return compose(`Return for order #${o.id}: ${r.status}`, [
        para(text),
        ...(r.note ? [para(`Note: ${r.note}`)] : []),
        link("Your order", orderUrl(publicUrl, o.id)),
      ]);
    }
    case "password_reset":
      return compose("Reset your password", [
        para(
          `Someone (hopefully you) asked to reset the password of ${payload.email}. The link works once, for ${payload.minutes} minutes.`,
        ),
        link("Choose a new password", resetUrl(publicUrl, payload.token)),
        para("If you did not ask for this, ignore this mail: your password stays as it is."),
      ]);
  }
}

/** A WhatsApp template message: the approved template's name and its body parameters. */
export type WhatsAppTemplate = { name: string; language: string; params: string[] };

/**
 * A body parameter as the Cloud API takes it: it refuses a line break, a tab or more than four
 * spaces in a row, all of which a name or a tracking number can hold (typed with runs of spaces).
 */
const whatsappParam = (s: string) => s.replace(/\s+/g, " ").trim() || "-";

/** The WhatsApp template of an order update, or null for messages that go by e-mail only. */
export function whatsappTemplate(
  payload: MessagePayload,
  publicUrl: string,
): WhatsAppTemplate | null {
  const template = whatsappTemplateOf(payload, publicUrl);
  return template && { ...template, params: template.params.map(whatsappParam) };
}

function whatsappTemplateOf(payload: MessagePayload, publicUrl: string): WhatsAppTemplate | null {
  const language = "en";
  switch (payload.kind) {
    case "order_confirmation":
      return {
        name: "order_confirmation",
        language,
        params: [
          payload.order.address.fullName,
          `#${payload.order.id}`,
          formatPaise(payload.order.totalPaise),
        ],
      };
    case "order_shipped":
      return {
        name: "order_shipped",
        language,
        params: [
          `#${payload.order.id}`,
          payload.order.trackingNumber ?? "-",
          orderUrl(publicUrl, payload.order.id),
        ],
      };
    case "order_delivered":
      return { name: "order_delivered", language, params: [`#${payload.order.id}`] };
    case "order_cancelled":
      return { name: "order_cancelled", language, params: [`#${payload.order.id}`] };
    case "order_refunded":
      return {
        name: "order_refunded",
        language,
        params: [`#${payload.order.id}`, formatPaise(payload.refund.amountPaise)],
      };
    default:
      return null;
  }
}
