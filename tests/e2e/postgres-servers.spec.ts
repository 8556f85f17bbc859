// Two app servers (server.mjs, one process each) on one PostgreSQL database, over real sockets, as
// behind a load balancer: an admin edit through one is on the other's very next anonymous page (its
// page cache follows the catalogue version PostgreSQL NOTIFYs), 20 buyers of the last 5 units spread
// over both get exactly 5 orders, and one webhook delivered to both at once is applied once. Only on
// a PostgreSQL run (SHOP_TEST_ENGINE=postgres, which sets E2E_PG_URL); no browser: once, in `js`.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { signWebhook, webhookBody } from "../support/razorpay-standin";
import { SERVER_PORTS } from "./server-ports";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server tests run once");
test.skip(!process.env.E2E_PG_URL, "PostgreSQL runs only (SHOP_TEST_ENGINE=postgres)");
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "servers-admin@example.com", password: "servers-admin-password-123" };
const WEBHOOK_SECRET = "servers-webhook-secret-0123456789abcdef";
const DATABASE = "shop_servers";

type Server = {
  name: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** Its log, one JSON line each. */
  lines: string[];
};
type Answer = { status: number; headers: Headers; text: string };
type Shopper = { server: Server; token: string; from: string };

let databaseUrl = "";
let pool: pg.Pool | undefined;
let servers: Server[] = [];
let adminToken = "";

/** A new, empty database on the run's cluster. */
async function createDatabase(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.E2E_PG_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
  const url = new URL(process.env.E2E_PG_URL!);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/** server.mjs on `port` with one process, on the shared database; resolves once it listens. */
async function startServer(name: string, port: number, seed: boolean): Promise<Server> {
  // Each server locks its data folder (secrets, mail): one each, as on two machines.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-pg-server-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SHOP_WORKERS: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
    SESSION_SECRET: "servers-session-secret-0123456789abcdef",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Behind a proxy: each shopper comes from an address of its own (X-Forwarded-For), as the
    // sign-up and order rates are counted per address.
    TRUST_PROXY: "1",
    BUILD_DIR: process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${process.env.E2E_PORT}`),
    SEED_DEMO: seed ? "1" : "0",
  };
  // The payment sandbox, whatever the shell has.
  delete env.RAZORPAY_KEY_ID;
  delete env.RAZORPAY_KEY_SECRET;
  const child = spawn(process.execPath, [path.resolve("server.mjs")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const server: Server = { name, port, child, dataDir, lines: [] };
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const parts = out.split("\n");
      out = parts.pop()!;
      server.lines.push(...parts);
      if (server.lines.some((l) => l.includes('"msg":"listening'))) resolve();
    });
    child.once("exit", (code) => reject(new Error(`server ${name} exited (${code}) at start`)));
  });
  return server;
}

/** One HTTP request to a server; `from` is the client address the proxy reports. */
async function call(
  server: Server,
  method: string,
  pathname: string,
  options: {
    token?: string;
    from?: string;
    json?: unknown;
    form?: FormData;
    body?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.from) headers["x-forwarded-for"] = options.from;
  let body: string | FormData | undefined = options.form ?? options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`http://127.0.0.1:${server.port}${pathname}`, {
    method,
    headers,
    body,
    redirect: "manual",
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

async function logIn(server: Server, account: { email: string; password: string }, from?: string) {
  const res = await call(server, "POST", "/api/v1/login", { json: account, from });
  expect(res.status, res.text).toBe(200);
  return JSON.parse(res.text).token as string;
}

/** The upload's multipart for a plain product (no colours or sizes) with `stock` units. */
function productForm(title: string, slug: string, stock: number): FormData {
  const form = new FormData();
  const fields = {
    title,
    slug,
    brand: "ARB",
    price: "249900",
    description: "A recovery strap. Rated to eight tonnes.",
    category: "generic_accessories",
    inStock: "true",
    stock: String(stock),
    colors: "[]",
    size: "[]",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

let products = 0;
/** A new product uploaded by the admin through `server`. */
async function uploadProduct(server: Server, title: string, stock: number) {
  const slug = `servers-strap-${++products}`;
  const res = await call(server, "POST", "/api/v1/products/upload", {
    token: adminToken,
    form: productForm(title, slug, stock),
  });
  expect(res.status, res.text).toBe(201);
  return { id: JSON.parse(res.text).product.id as number, slug };
}

let shoppers = 0;
/** A new shopper signed up and logged in through `server`, with a delivery address saved. */
async function newShopper(server: Server): Promise<Shopper> {
  const n = ++shoppers;
  const from = `10.20.${Math.floor(n / 250)}.${n % 250}`;
  const account = { email: `buyer-${n}@example.com`, password: `buyer-password-${n}-abc` };
  const signup = await call(server, "POST", "/api/v1/register", { json: account, from });
  expect(signup.status, signup.text).toBe(201);
  const token = await logIn(server, account, from);
  const address = await call(server, "POST", "/api/v1/billing", {
    token,
    from,
    json: {
      fullName: `Buyer ${n}`,
      phone: "9876543210",
      address1: "12 MG Road",
      address2: "",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    },
  });
  expect(address.status, address.text).toBeLessThan(300);
  return { server, token, from };
}

async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await pool!.query<Row>(text, values)).rows;
}

/** Polls a page on `server` until its page cache answers it. */
async function warmPageCache(server: Server, pathname: string) {
  await expect
    .poll(async () => (await call(server, "GET", pathname)).headers.get("x-cache"), {
      timeout: 10_000,
      intervals: [50],
    })
    .toBe("hit");
}

test.beforeAll(async ({ browserName: _ }, info) => {
  // The file-level skips do not stop this hook in the other project: it would start more servers.
  if (info.project.name !== "js" || !process.env.E2E_PG_URL) return;
  test.setTimeout(180_000);
  databaseUrl = await createDatabase();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const [portA, portB] = SERVER_PORTS.postgres;
  // The first migrates and seeds; the second starts on the database it leaves.
  await startServer("A", portA, true);
  await startServer("B", portB, false);
  adminToken = await logIn(servers[0], ADMIN);
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(async (server) => {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        const exited = new Promise((resolve) => server.child.once("exit", resolve));
        server.child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }),
  );
  servers = [];
  await pool?.end();
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: process.env.E2E_PG_URL });
    await client.connect();
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.end();
  }
});

/**
 * How long a server may go on answering from its page cache after another server's edit. It learns
 * of the edit by PostgreSQL's NOTIFY, which reaches it asynchronously: a request sent the moment the
 * editing server has answered can still be served the old page (about 1 run in 10 when this spec
 * sent exactly one request), a few milliseconds later it is not.
 */
const NOTIFY_LAG_MS = 1000;

/** `server`'s answer for `pathname` once `fresh` holds of it (within NOTIFY_LAG_MS of now). */
async function answerAfterEdit(server: Server, pathname: string, fresh: (a: Answer) => boolean) {
  let answer: Answer | undefined;
  let stale = -1;
  await expect
    .poll(
      async () => {
        answer = await call(server, "GET", pathname);
        stale++;
        return fresh(answer);
      },
      {
        message: `${server.name} still answers ${pathname} as before the edit`,
        timeout: NOTIFY_LAG_MS,
        intervals: [5],
      },
    )
    .toBe(true);
  test.info().annotations.push({
    type: "stale answers",
    description: `${server.name} ${pathname}: ${stale}`,
  });
  return answer!;
}

test("an admin edit through one server is on the other server's next anonymous page", async () => {
  const [a, b] = servers;
  const { id, slug } = await uploadProduct(a, "Servers Strap Mk1", 3);
  const page = `/product/${id}`;

  // Renamed through A while B holds the page in its cache: B answers with the new title.
  await warmPageCache(b, page);
  const renamed = await call(a, "PUT", `/api/v1/products/update/${id}`, {
    token: adminToken,
    form: productForm("Servers Strap Mk2", slug, 3),
  });
  expect(renamed.status, renamed.text).toBe(200);
  const seen = await answerAfterEdit(b, page, (r) => r.text.includes("Servers Strap Mk2"));
  expect(seen.status).toBe(200);
  expect(seen.headers.get("x-cache")).not.toBe("hit");
  expect(seen.text).not.toContain("Servers Strap Mk1");

  // Deleted through B while A holds the page in its cache: A answers 404.
  await warmPageCache(a, page);
  const deleted = await call(b, "DELETE", `/api/v1/products/delete/${id}`, { token: adminToken });
  expect(deleted.status, deleted.text).toBe(200);
  await answerAfterEdit(a, page, (r) => r.status === 404);
});

test("20 buyers of the last 5 units, 10 on each server at the same moment: exactly 5 orders", async () => {
  test.setTimeout(120_000);
  const { id } = await uploadProduct(servers[0], "Servers Strap Last Five", 5);
  // Ten shoppers sign up through each server (one after the other on each: hashing is bounded).
  const lanes = await Promise.all(
    servers.map(async (server) => {
      const lane: Shopper[] = [];
      for (let i = 0; i < 10; i++) lane.push(await newShopper(server));
      return lane;
    }),
  );
  const buyers = lanes.flat();

  // Each puts one in the cart, then all order at once.
  const added = await Promise.all(
    buyers.map((s) =>
      call(s.server, "POST", "/api/v1/cart/addItem", {
        token: s.token,
        from: s.from,
        json: { productId: id, quantity: 1 },
      }),
    ),
  );
  expect(added.map((r) => r.status)).toEqual(Array(20).fill(200));
  const placed = await Promise.all(
    buyers.map((s) =>
      call(s.server, "POST", "/api/v1/checkout/create-order", {
        token: s.token,
        from: s.from,
        json: {},
      }),
    ),
  );
  const statuses = placed.map((r) => r.status);
  expect(
    statuses.filter((s) => s === 201),
    placed.map((r) => r.text).join("\n"),
  ).toHaveLength(5);
  expect(statuses.filter((s) => s === 409)).toHaveLength(15);

  const [product] = await query<{ stock: number }>("select stock from products where id = $1", [
    id,
  ]);
  expect(product.stock).toBe(0);
  const [variants] = await query<{ lowest: number }>(
    "select min(stock) as lowest from product_variants where product_id = $1",
    [id],
  );
  expect(variants.lowest).toBe(0);
  const [sold] = await query<{ orders: string; units: string }>(
    `select count(distinct o.id) as orders, sum(i.quantity) as units
       from orders o join order_items i on i.order_id = o.id where i.product_id = $1`,
    [id],
  );
  expect({ orders: Number(sold.orders), units: Number(sold.units) }).toEqual({
    orders: 5,
    units: 5,
  });
});

/** A new shopper's order of one unit, waiting for its payment. */
async function pendingOrder(productId: number) {
  const shopper = await newShopper(servers[1]);
  const res = await call(shopper.server, "POST", "/api/v1/checkout/create-order", {
    token: shopper.token,
    from: shopper.from,
    json: { productId, quantity: 1 },
  });
  expect(res.status, res.text).toBe(201);
  return JSON.parse(res.text) as { orderId: number; razorpayOrderId: string; amount: number };
}

/** Each webhook body to the server of the same index, all at the same moment. */
async function deliverAtOnce(deliveries: { body: string; eventId: string }[]) {
  const answers = await Promise.all(
    deliveries.map(({ body, eventId }, i) =>
      call(servers[i], "POST", "/api/v1/webhooks/razorpay", {
        body,
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signWebhook(WEBHOOK_SECRET, body),
          "x-razorpay-event-id": eventId,
        },
      }),
    ),
  );
  expect(answers.map((r) => r.status)).toEqual([200, 200]);
  return answers.map((r) => JSON.parse(r.text) as { applied: boolean; outcome: string });
}

async function invoicesIssued(): Promise<number> {
  const [row] = await query<{ issued: string | null }>(
    "select sum(last_number) as issued from document_series where series = 'invoice'",
  );
  return Number(row.issued ?? 0);
}

/** What one payment left behind: its rows, the order's status and invoice, its messages. */
async function paidOnce(orderId: number) {
  const payments = await query("select id from payments where order_id = $1", [orderId]);
  const [order] = await query<{ status: string; invoice_number: string | null }>(
    "select status, invoice_number from orders where id = $1",
    [orderId],
  );
  const messages = await query<{ kind: string }>(
    "select kind from outbox where order_id = $1 order by kind",
    [orderId],
  );
  const paidHistory = await query(
    "select id from order_status_history where order_id = $1 and to_status = 'paid'",
    [orderId],
  );
  expect(payments).toHaveLength(1);
  expect(paidHistory).toHaveLength(1);
  expect(order.status).toBe("paid");
  expect(order.invoice_number).toBeTruthy();
  // The shopper's confirmation and the admin's notice, once each.
  expect(messages.map((m) => m.kind)).toEqual(["order_admin_notice", "order_confirmation"]);
}

test("a webhook delivered to both servers at the same moment is applied once", async () => {
  const { id } = await uploadProduct(servers[0], "Servers Strap Paid", 5);
  const order = await pendingOrder(id);
  const before = await invoicesIssued();
  const body = webhookBody("payment.captured", {
    orderId: order.razorpayOrderId,
    paymentId: `pay_${crypto.randomBytes(7).toString("hex")}`,
    amount: order.amount,
  });
  const eventId = `evt_${crypto.randomBytes(7).toString("hex")}`;
  const answers = await deliverAtOnce([
    { body, eventId },
    { body, eventId },
  ]);
  // One server applies it; the other finds it applied.
  expect(answers.map((a) => a.applied).sort()).toEqual([false, true]);
  expect(answers.find((a) => !a.applied)!.outcome).toBe("duplicate");
  await paidOnce(order.orderId);
  expect(await invoicesIssued()).toBe(before + 1);
});

test("two events of one payment (order.paid, payment.captured), one on each server at once: one payment", async () => {
  const { id } = await uploadProduct(servers[0], "Servers Strap Paid Twice", 5);
  const order = await pendingOrder(id);
  const before = await invoicesIssued();
  const payment = {
    orderId: order.razorpayOrderId,
    paymentId: `pay_${crypto.randomBytes(7).toString("hex")}`,
    amount: order.amount,
    receipt: String(order.orderId),
  };
  const answers = await deliverAtOnce([
    { body: webhookBody("order.paid", payment), eventId: `evt_${crypto.randomUUID()}` },
    { body: webhookBody("payment.captured", payment), eventId: `evt_${crypto.randomUUID()}` },
  ]);
  // Both are recorded; one of them pays the order, the other changes nothing.
  expect(answers.map((a) => a.outcome).sort()).toEqual(["no change", "order paid"]);
  await paidOnce(order.orderId);
  expect(await invoicesIssued()).toBe(before + 1);
});

test("the background jobs run in one server, and the other takes them over when it stops", async () => {
  test.setTimeout(60_000);
  const said = (server: Server, text: string) => server.lines.some((l) => l.includes(text));
  const [a, b] = servers;
  // A started first and took the lease; B waits for it.
  expect(said(a, "this server runs the background jobs")).toBe(true);
  expect(said(b, "another server runs the background jobs")).toBe(true);
  expect(servers.filter((s) => said(s, "analysed the database"))).toEqual([a]);
  expect(said(b, "took over the background jobs")).toBe(false);

  // A stops (an upgrade, a crash): its connection closes, PostgreSQL frees the lease, B takes it.
  const exited = new Promise((resolve) => a.child.once("exit", resolve));
  a.child.kill("SIGTERM");
  await exited;
  await expect
    .poll(() => said(b, "took over the background jobs"), { timeout: 20_000, intervals: [250] })
    .toBe(true);
  await expect.poll(() => said(b, "analysed the database"), { timeout: 10_000 }).toBe(true);
});
