// A real server process killed (SIGKILL) after the Razorpay order exists and before the shopper's
// payment comes back: after a restart on the same database the callback, or the webhook, still
// completes each order, once. Razorpay's HTTP API is the local stand-in; no browser is needed.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SERVER_PORTS } from "./server-ports";
import {
  signWebhook,
  startRazorpayStandIn,
  webhookBody,
  type RazorpayStandIn,
} from "../support/razorpay-standin";

const WEBHOOK_SECRET = "fault-test-webhook-secret";

test.describe.configure({ timeout: 180_000 });

let rzp: RazorpayStandIn;
let work: string;

test.beforeAll(async () => {
  rzp = await startRazorpayStandIn();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-fault-"));
});
test.afterAll(async () => {
  await rzp?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const port = SERVER_PORTS.fault;
const base = `http://127.0.0.1:${port}`;
const buildDir = process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${process.env.E2E_PORT}`);

async function startServer(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATABASE_URL: path.join(work, "shop.db"),
    UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
    SESSION_SECRET: "fault-session-secret-0123456789abcdef",
    SEED_DEMO: "1",
    RAZORPAY_KEY_ID: rzp.keyId,
    RAZORPAY_KEY_SECRET: rzp.keySecret,
    RAZORPAY_API_URL: rzp.url,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  const log = fs.openSync(path.join(work, "server.log"), "a");
  const server = spawn(
    process.execPath,
    [
      path.resolve("node_modules/@remix-run/serve/dist/cli.js"),
      path.join(buildDir, "server/index.js"),
    ],
    { env, stdio: ["ignore", log, log] },
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function shopperWithOrder(productId: number, n: number) {
  const email = `fault-${Date.now()}-${n}@example.com`;
  const password = "overland-trail-42";
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${base}${url}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  await json(await post("/api/v1/register", { email, password }));
  const { token } = await json(await post("/api/v1/login", { email, password }));
  await json(await post("/api/v1/cart/addItem", { productId, quantity: 1 }, token));
  await json(
    await post(
      "/api/v1/billing",
      {
        fullName: "Ravi Kumar",
        phone: "9876543210",
        address1: "5 Hill Road",
        city: "Pune",
        state: "Maharashtra",
        postalCode: "411001",
        country: "India",
      },
      token,
    ),
  );
  const order = (await json(await post("/api/v1/checkout/create-order", {}, token))) as {
    orderId: number;
    razorpayOrderId: string;
    amount: number;
  };
  return { token, ...order };
}

const getOrder = async (token: string, id: number) =>
  json(
    await fetch(`${base}/api/v1/orders/${id}`, { headers: { Authorization: `Bearer ${token}` } }),
  );

test("killed after the Razorpay order exists: after a restart the callback and the webhook complete the orders once", async () => {
  test.skip(test.info().project.name !== "js", "one run is enough: no page is involved");
  let server = await startServer();
  const products = (await json(await fetch(`${base}/api/v1/allProducts`))) as {
    id: number;
    inStock: boolean;
    category: string;
  }[];
  // The newest products (last in the list) have stock to spare.
  const productId = [...products].reverse().find((p) => p.inStock && p.category !== "wheels")!.id;
  const viaCallback = await shopperWithOrder(productId, 1);
  const viaWebhook = await shopperWithOrder(productId, 2);
  expect(
    rzp.orders.has(viaCallback.razorpayOrderId) && rzp.orders.has(viaWebhook.razorpayOrderId),
  ).toBe(true);

  // The shoppers pay at Razorpay while the shop is down.
  server.kill("SIGKILL");
  await new Promise((resolve) => server.once("exit", resolve));
  const paidA = rzp.pay(viaCallback.razorpayOrderId);
  const paidB = rzp.pay(viaWebhook.razorpayOrderId);

  server = await startServer();
  try {
    // Shopper A's browser comes back through the callback (a cross-site form post, no cookie), twice.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/checkout/callback`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://api.razorpay.com",
        },
        body: new URLSearchParams(paidA),
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("Location")).toBe(`/order/${viaCallback.orderId}`);
    }
    // Shopper B closed the tab: only the webhook arrives (and Razorpay retries it).
    const hook = (body: string, eventId: string) =>
      fetch(`${base}/api/v1/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": signWebhook(WEBHOOK_SECRET, body),
          "X-Razorpay-Event-Id": eventId,
        },
        body,
      });
    const paidEvent = webhookBody("order.paid", {
      orderId: viaWebhook.razorpayOrderId,
      paymentId: paidB.razorpay_payment_id,
      amount: viaWebhook.amount,
      receipt: String(viaWebhook.orderId),
    });
    expect((await json(await hook(paidEvent, "evt_fault_b"))).applied).toBe(true);
    expect((await json(await hook(paidEvent, "evt_fault_b"))).outcome).toBe("duplicate");
    // A's webhook arrives too, after the callback: it changes nothing.
    const lateA = webhookBody("payment.captured", {
      orderId: viaCallback.razorpayOrderId,
      paymentId: paidA.razorpay_payment_id,
      amount: viaCallback.amount,
    });
    expect((await json(await hook(lateA, "evt_fault_a"))).outcome).toBe("no change");

    for (const [who, paid] of [
      [viaCallback, paidA],
      [viaWebhook, paidB],
    ] as const) {
      const order = await getOrder(who.token, who.orderId);
      expect(order.status).toBe("paid");
      expect(order.payments).toEqual([
        expect.objectContaining({ status: "paid", razorpayPaymentId: paid.razorpay_payment_id }),
      ]);
    }
    // One Razorpay order per shop order, none made again after the restart.
    expect(rzp.requests.filter((r) => r.method === "POST" && r.path === "/v1/orders")).toHaveLength(
      2,
    );
  } catch (error) {
    console.error(fs.readFileSync(path.join(work, "server.log"), "utf8").slice(-4000));
    throw error;
  } finally {
    server.kill("SIGTERM");
  }
});
