import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { applyRazorpayWebhook } from "~/models/order/index.server";
import { applyRefundWebhook } from "~/models/refund-webhook.server";
import { getWebhookSecret } from "~/payments/payments.server";
import { checkSignature } from "~/payments/signature.server";
import { clientAddress, jsonNoStore } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

const MAX_BODY_BYTES = 256 * 1024;

/**
 * POST /api/v1/webhooks/razorpay: order.paid, payment.captured, payment.failed and the refund.*
 * events (refund.processed, refund.failed). The signature
 * (X-Razorpay-Signature) is checked on the raw body with RAZORPAY_WEBHOOK_SECRET; each event id
 * (X-Razorpay-Event-Id) is applied once, and a repeat answers 200 and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const secret = getWebhookSecret();
  if (!secret) return jsonNoStore({ message: "Webhooks are not configured." }, { status: 503 });
  const raw = Buffer.from(await request.arrayBuffer());
  if (raw.length > MAX_BODY_BYTES)
    return jsonNoStore({ message: "Body too large." }, { status: 413 });
  const check = checkSignature(secret, raw, request.headers.get("X-Razorpay-Signature"));
  if (check !== "ok") {
    securityEvent("webhook.signature_failed", { check, address: clientAddress(request) });
    return jsonNoStore({ message: "Invalid signature." }, { status: 400 });
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return jsonNoStore({ message: "Invalid JSON." }, { status: 400 });
  }
  const eventId =
    request.headers.get("X-Razorpay-Event-Id")?.trim().slice(0, 100) ||
    `sha256:${crypto.createHash("sha256").update(raw).digest("hex")}`;
  const event = (body as { event?: unknown } | null)?.event;
  const result =
    typeof event === "string" && event.startsWith("refund.")
      ? await applyRefundWebhook(db, { eventId, body })
      : await applyRazorpayWebhook(db, { eventId, body });
  return jsonNoStore({ status: "ok", ...result });
}
