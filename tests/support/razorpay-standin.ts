// A local stand-in for Razorpay's HTTP API (the only thing our tests fake): the real `razorpay`
// SDK is pointed at it through RAZORPAY_API_URL. It checks the key pair like Razorpay does,
// answers POST /v1/orders, GET /v1/orders/:id and POST /v1/payments/:id/refund (Refunds API:
// never more than the captured amount in all), and signs payments and webhooks like Razorpay.
import crypto from "node:crypto";
import http from "node:http";

export type StandInRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
};

export type RazorpayStandIn = {
  url: string;
  keyId: string;
  keySecret: string;
  requests: StandInRequest[];
  orders: Map<
    string,
    { id: string; amount: number; currency: string; receipt: string; status: string }
  >;
  /** Captured payments (made by `pay`), with what was refunded of each. */
  payments: Map<string, { id: string; orderId: string; amount: number; amountRefunded: number }>;
  /** Refunds created, by id. */
  refunds: Map<
    string,
    { id: string; paymentId: string; amount: number; status: string; notes: unknown }
  >;
  /** The status new refunds answer with ('processed' by default; 'pending' waits for a webhook). */
  refundStatus: "processed" | "pending";
  /** The next order creations answer this HTTP status with an error body. */
  failNext(status: number, times?: number): void;
  /** A successful payment of an order, as checkout.js hands it to our handler. */
  pay(orderId: string): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  close(): Promise<void>;
};

const randomId = (prefix: string) =>
  `${prefix}_${crypto.randomBytes(10).toString("base64url").replace(/[-_]/g, "x").slice(0, 14)}`;

export async function startRazorpayStandIn(
  keyId = "rzp_test_standin",
  keySecret = "standin-key-secret-0123456789abcdef",
): Promise<RazorpayStandIn> {
  const requests: StandInRequest[] = [];
  const orders: RazorpayStandIn["orders"] = new Map();
  const payments: RazorpayStandIn["payments"] = new Map();
  const refunds: RazorpayStandIn["refunds"] = new Map();
  let failures: { status: number; times: number } | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = (req.url ?? "").split("?")[0];
      requests.push({
        method: req.method ?? "",
        path,
        authorization: req.headers.authorization ?? null,
        body,
      });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      const error = (status: number, description: string) =>
        send(status, {
          error: { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA" },
        });

      if (req.headers.authorization !== expectedAuth) return error(401, "Authentication failed");
      if (req.method === "POST" && path === "/v1/orders") {
        if (failures && failures.times > 0) {
          failures.times--;
          return error(failures.status, "The stand-in was told to fail");
        }
        const b = (body ?? {}) as {
          amount?: unknown;
          currency?: unknown;
          receipt?: unknown;
          notes?: unknown;
        };
        if (typeof b.amount !== "number" || !Number.isInteger(b.amount) || b.amount < 100) {
          return error(400, "The amount must be atleast INR 1.00");
        }
        if (b.currency !== "INR") return error(400, "Currency is not supported");
        if (typeof b.receipt === "string" && b.receipt.length > 40)
          return error(400, "receipt: too long");
        const order = {
          id: randomId("order"),
          entity: "order",
          amount: b.amount,
          amount_paid: 0,
          amount_due: b.amount,
          currency: "INR",
          receipt: typeof b.receipt === "string" ? b.receipt : "",
          offer_id: null,
          status: "created",
          attempts: 0,
          notes: b.notes ?? [],
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      const refund = /^\/v1\/payments\/([A-Za-z0-9_]+)\/refund$/.exec(path);
      if (req.method === "POST" && refund) {
        const payment = payments.get(refund[1]);
        if (!payment) return error(400, "The id provided does not exist");
        const b = (body ?? {}) as { amount?: unknown; notes?: unknown };
        const left = payment.amount - payment.amountRefunded;
        const amount = b.amount === undefined ? left : Number(b.amount);
        if (!Number.isInteger(amount) || amount < 100) {
          return error(400, "The amount must be at least INR 1.00");
        }
        if (left === 0) return error(400, "The payment has been fully refunded already");
        if (amount > left) {
          return error(400, "The refund amount provided is greater than amount captured");
        }
        payment.amountRefunded += amount;
        const created = {
          id: randomId("rfnd"),
          entity: "refund",
          amount,
          currency: "INR",
          payment_id: payment.id,
          notes: b.notes ?? [],
          receipt: null,
          acquirer_data: { rrn: null },
          created_at: Math.floor(Date.now() / 1000),
          batch_id: null,
          status: standIn.refundStatus,
          speed_processed: "normal",
          speed_requested: "normal",
        };
        refunds.set(created.id, {
          id: created.id,
          paymentId: payment.id,
          amount,
          status: created.status,
          notes: created.notes,
        });
        return send(200, created);
      }
      const fetch = /^\/v1\/orders\/([A-Za-z0-9_]+)$/.exec(path);
      if (req.method === "GET" && fetch) {
        const order = orders.get(fetch[1]);
        return order ? send(200, order) : error(400, "The id provided does not exist");
      }
      return error(404, "The requested URL was not found on the server.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };

  const standIn: RazorpayStandIn = {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    requests,
    orders,
    payments,
    refunds,
    refundStatus: "processed",
    failNext(status, times = 1) {
      failures = { status, times };
    },
    pay(orderId) {
      const paymentId = randomId("pay");
      const order = orders.get(orderId);
      payments.set(paymentId, {
        id: paymentId,
        orderId,
        amount: order?.amount ?? 0,
        amountRefunded: 0,
      });
      return {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: crypto
          .createHmac("sha256", keySecret)
          .update(`${orderId}|${paymentId}`)
          .digest("hex"),
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

/** A refund webhook (refund.created, refund.processed, refund.failed) as Razorpay sends it. */
export function refundWebhookBody(
  event: "refund.created" | "refund.processed" | "refund.failed",
  r: { refundId: string; paymentId: string; amount: number; notes?: Record<string, string> },
) {
  const refund = {
    id: r.refundId,
    entity: "refund",
    amount: r.amount,
    currency: "INR",
    payment_id: r.paymentId,
    notes: r.notes ?? [],
    receipt: null,
    status:
      event === "refund.processed" ? "processed" : event === "refund.failed" ? "failed" : "pending",
    speed_requested: "normal",
  };
  return JSON.stringify({
    entity: "event",
    account_id: "acc_standin",
    event,
    contains: ["refund", "payment"],
    payload: { refund: { entity: refund } },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/** A Razorpay webhook body for a payment of an order (order.paid also carries the order). */
export function webhookBody(
  event: "order.paid" | "payment.captured" | "payment.failed",
  p: { orderId: string; paymentId: string; amount: number; receipt?: string; currency?: string },
) {
  const payment = {
    id: p.paymentId,
    entity: "payment",
    amount: p.amount,
    currency: p.currency ?? "INR",
    status: event === "payment.failed" ? "failed" : "captured",
    order_id: p.orderId,
    method: "card",
    captured: event !== "payment.failed",
    error_code: event === "payment.failed" ? "BAD_REQUEST_ERROR" : null,
    error_description:
      event === "payment.failed" ? "Payment processing failed because of incorrect OTP" : null,
  };
  const payload: Record<string, unknown> = { payment: { entity: payment } };
  if (event === "order.paid") {
    payload.order = {
      entity: {
        id: p.orderId,
        entity: "order",
        amount: p.amount,
        amount_paid: p.amount,
        amount_due: 0,
        currency: p.currency ?? "INR",
        receipt: p.receipt ?? "",
        status: "paid",
      },
    };
  }
  return JSON.stringify({
    entity: "event",
    account_id: "acc_standin",
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
}

export const signWebhook = (secret: string, rawBody: string) =>
  crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
