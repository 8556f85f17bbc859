// Helpers for the release test: a `shop` process from an unpacked release, and a shopper that
// places sandbox orders over HTTP the way the JSON API's clients do.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

export interface ShopProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** A folder with only the commands the `shop` script and its backups use: no Node.js on the PATH. */
export function toolsOnlyPath(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const tool of ["sh", "tar", "gzip", "readlink"]) {
    const found = ["/usr/bin", "/bin"].map((d) => path.join(d, tool)).find((p) => fs.existsSync(p));
    if (found && !fs.existsSync(path.join(dir, tool))) fs.symlinkSync(found, path.join(dir, tool));
  }
  return dir;
}

export function shopEnv(pathDir: string, dataDir: string, port: number): Record<string, string> {
  return {
    PATH: pathDir,
    HOME: dataDir,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "1",
  };
}

/** Runs `shop <args>` to its end: exit code and output. */
export function runShop(shop: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(shop, args, {
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export async function startShop(shop: string, env: Record<string, string>): Promise<ShopProcess> {
  const port = Number(env.PORT);
  const child = spawn(shop, ["serve"], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`shop serve exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`shop serve did not answer /healthz:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    port,
    base,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A shopper with an account, an address and an API token. */
export async function newShopper(base: string, email: string) {
  const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${base}${p}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const password = "release-test-password-1";
  const registered = await post("/api/v1/register", { email, password });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = (await json(await post("/api/v1/login", { email, password }))) as {
    token: string;
  };
  const address = await post(
    "/api/v1/billing",
    {
      fullName: "Release Tester",
      phone: "9876543210",
      address1: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      postalCode: "560001",
    },
    token,
  );
  if (address.status >= 300) throw new Error(`address: ${address.status} ${await address.text()}`);

  /** Buy Now of one product, paid on the sandbox's page: the confirmed order's id. */
  async function placePaidOrder(productId: number): Promise<number> {
    const created = await post(
      "/api/v1/checkout/create-order",
      { checkoutType: "single", productId, quantity: 1 },
      token,
    );
    const order = (await json(created)) as { orderId: number; razorpayOrderId: string };
    if (created.status !== 201)
      throw new Error(`create-order: ${created.status} ${JSON.stringify(order)}`);
    const page = await (await fetch(`${base}/checkout/sandbox/${order.razorpayOrderId}`)).text();
    const paymentId = page.match(/name="razorpay_payment_id" value="([^"]+)"/)?.[1];
    const signature = page.match(/name="razorpay_signature" value="([^"]+)"/)?.[1];
    if (!paymentId || !signature) throw new Error("the sandbox page offered no payment");
    const verified = await post(
      "/api/v1/checkout/verify-payment",
      {
        razorpayOrderId: order.razorpayOrderId,
        razorpayPaymentId: paymentId,
        razorpaySignature: signature,
      },
      token,
    );
    if (verified.status !== 200)
      throw new Error(`verify-payment: ${verified.status} ${await verified.text()}`);
    return order.orderId;
  }

  return { token, placePaidOrder };
}

export interface Outcome {
  id: string;
  sentAt: number;
  doneAt: number;
  status?: number;
  error?: string;
  /** Whether any of the answer (its status line) arrived before the error. */
  answered: boolean;
}

/** One request on a connection of its own (no keep-alive), with the given request id. */
export function request(
  base: string,
  method: string,
  pathName: string,
  id: string,
  body?: string,
): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${pathName}`,
      {
        method,
        agent: false,
        headers: { "x-request-id": id, ...(body ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            id,
            sentAt,
            doneAt: performance.now(),
            status: res.statusCode,
            answered: true,
          }),
        );
        res.on("error", (e) =>
          resolve({ id, sentAt, doneAt: performance.now(), error: e.message, answered: true }),
        );
      },
    );
    req.on("error", (e: NodeJS.ErrnoException) =>
      resolve({
        id,
        sentAt,
        doneAt: performance.now(),
        error: e.code ?? e.message,
        answered: false,
      }),
    );
    req.end(body);
  });
}
