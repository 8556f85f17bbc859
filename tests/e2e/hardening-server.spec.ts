// The production server (server.mjs) against hostile requests, over real sockets: a Host that tries
// to poison the page cache, absolute-form targets, deep pipelining, bodies over their caps, a
// flood of random query strings, and a second server on a port already taken. No browser: these run once, in the `js` project.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { SERVER_PORTS } from "./server-ports";

const port = Number(process.env.E2E_PORT);
const hostHeader = `127.0.0.1:${port}`;

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server tests run once");

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One HTTP request with headers fetch() would not let us set (Host above all). */
function raw(
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: Buffer | string;
    port?: number;
  },
  agent?: http.Agent,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: options.port ?? port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The first line of the answer to bytes written straight to the socket. */
function rawSocket(text: string, toPort = port): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(toPort, "127.0.0.1", () => socket.write(text));
    let got = "";
    socket.on("data", (d) => {
      got += d.toString("latin1");
      if (got.includes("\r\n")) {
        resolve(got.split("\r\n")[0]);
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}

async function someProduct(): Promise<{ id: number; title: string }> {
  const list = JSON.parse(
    (await raw({ path: "/api/v1/allProducts", headers: { host: hostHeader } })).body,
  ) as { id: number; title: string }[];
  return list[0];
}

test.describe("Host and request target", () => {
  test("a Host with path characters is refused and cannot replace a cached page", async () => {
    const product = await someProduct();
    const url = `/product/${product.id}?v=7`;
    for (const host of [
      `${hostHeader}#`,
      `${hostHeader}/api/v1/search?q=zz#`,
      `${hostHeader}?`,
      "evil.example",
      `evil.example:${port}`,
    ]) {
      const res = await raw({ path: url, headers: { host } });
      expect(res.status, host).toBe(400);
      const home = await raw({ path: "/", headers: { host } });
      expect(home.status, host).toBe(400);
    }
    // Everyone else still gets the product page at that URL, and the home page at "/".
    const page = await raw({ path: url, headers: { host: hostHeader } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain(product.title.replace(/&/g, "&amp;").replace(/"/g, "&quot;"));
    const home = await raw({ path: "/", headers: { host: hostHeader } });
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
  });

  test("an absolute-form target is refused", async () => {
    expect(
      await rawSocket(
        `GET http://evil.example/ HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 400/);
    expect(
      await rawSocket(
        `GET http://${hostHeader}/api/v1/search?q=zz HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 400/);
  });

  test("a path with dot segments or encoded slashes, two Host headers or a port past 65535 is refused", async () => {
    for (const target of [
      "/api/v1/../cart",
      "/api/..%2fcart",
      "/product/%2e%2e/cart",
      "/./cart",
      "/cart/..",
      "/api/v1%5c..%5ccart",
    ]) {
      expect(
        await rawSocket(
          `POST ${target} HTTP/1.1\r\nHost: ${hostHeader}\r\nOrigin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        ),
        target,
      ).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(
      await rawSocket(
        `GET / HTTP/1.1\r\nHost: ${hostHeader}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      ),
    ).toMatch(/^HTTP\/1\.1 400/);
    expect(
      await rawSocket(`GET / HTTP/1.1\r\nHost: localhost:99999\r\nConnection: close\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 400/);
    // The dots of a file name and of a query are no dot segments.
    expect((await raw({ path: "/robots.txt?a=../b", headers: { host: hostHeader } })).status).toBe(
      200,
    );
  });

  test("an image path that climbs out of the uploads folder, or names anything but a stored image, is refused", async () => {
    const { image } = JSON.parse(
      (await raw({ path: "/api/v1/allProducts", headers: { host: hostHeader } })).body,
    )[0] as { image: string };
    const ok = await raw({ path: image, headers: { host: hostHeader } });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toBe("image/webp");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");
    const dir = image.slice(0, image.lastIndexOf("/"));
    for (const target of [
      `${dir}/../../package.json`,
      `${dir}/..%2f..%2fpackage.json`,
      `${dir}/%2e%2e/%2e%2e/server.mjs`,
      `/uploads/..\\..\\server.mjs`,
      `/uploads/%5c..%5cserver.mjs`,
    ]) {
      const answer = await rawSocket(
        `GET ${target} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, target).toMatch(/^HTTP\/1\.1 400/);
    }
    // Inside the folder, only `<key>-<width>.webp` names are served.
    for (const target of [
      image.replace(/-640\.webp$/, "-641.webp"),
      image.replace(/\.webp$/, ".png"),
      image.replace(/-640\.webp$/, ""),
      "/uploads/.session-secret",
      "/uploads//etc/passwd-640.webp",
      "/uploads/seed/%00-640.webp",
    ]) {
      expect((await raw({ path: target, headers: { host: hostHeader } })).status, target).toBe(404);
    }
  });

  test("query parameters no route reads share the page's one cache entry", async () => {
    const product = await someProduct();
    await raw({ path: `/product/${product.id}`, headers: { host: hostHeader } });
    const junk = await raw({
      path: `/product/${product.id}?utm_source=${Math.random()}`,
      headers: { host: hostHeader },
    });
    expect(junk.status).toBe(200);
    expect(junk.headers["x-cache"]).toBe("hit");
  });
});

test.describe("rendered answers", () => {
  /** The answer's bytes as they came over the wire. */
  const bytes = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port, path, headers: { host: hostHeader, ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        )
        .on("error", reject);
    });

  test("a page the cache renders for the first time is answered compressed, and Brotli once kept", async () => {
    const path = `/search?q=winch-${Date.now()}`;
    const first = await bytes(path, { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["x-cache"]).toBe("miss");
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    const html = zlib.gunzipSync(first.body).toString("utf8");
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("winch-");
    // The stored entry gets its Brotli off the event loop; later hits answer with it. Each worker
    // keeps its own entry, so the hit is checked on the answer that shows it.
    let hit: Awaited<ReturnType<typeof bytes>> | undefined;
    await expect
      .poll(async () => {
        hit = await bytes(path, { "accept-encoding": "br" });
        return `${hit.headers["x-cache"]} ${hit.headers["content-encoding"]}`;
      })
      .toBe("hit br");
    expect(zlib.brotliDecompressSync(hit!.body).toString("utf8")).toBe(html);
  });

  test("a page rendered for one request is answered in Brotli when it is taken, else gzip, and reads back whole", async () => {
    const product = await someProduct();
    // A session cookie (even one that names no session) makes the page this request's own.
    const cookie = "session=not-a-session";
    const check = (html: string) => {
      expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(html).toContain("₹"); // several bytes in UTF-8: the page's bytes were counted right
      expect(html).toContain(product.title.replace(/&/g, "&amp;").replace(/"/g, "&quot;"));
      expect(html).toMatch(/streamController\.close\(\);<\/script>$/);
    };
    const br = await bytes(`/product/${product.id}`, {
      cookie,
      "accept-encoding": "gzip, deflate, br",
    });
    expect(br.headers["x-cache"]).toBeUndefined();
    // Rendered for a session: no shared cache may keep it.
    expect(br.headers["cache-control"]).toBe("private, no-cache");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    check(zlib.brotliDecompressSync(br.body).toString("utf8"));

    const gzip = await bytes(`/product/${product.id}`, {
      cookie,
      "accept-encoding": "gzip, deflate",
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    check(zlib.gunzipSync(gzip.body).toString("utf8"));

    const plain = await bytes(`/product/${product.id}`, { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    check(plain.body.toString("utf8"));
  });

  test("a page rendered for a shopper's delivery PIN names it, and no shared cache may keep it", async () => {
    const product = await someProduct();
    // The app's own cookie for PIN 560001 (base64 of its JSON), as "Check delivery" sets it.
    const cookie = `pin=${encodeURIComponent(Buffer.from('"560001"').toString("base64"))}`;
    for (const path of [`/product/${product.id}`, `/product/${product.id}.data`]) {
      const page = await bytes(path, { cookie });
      expect(page.body.toString("utf8"), path).toContain("560001");
      expect(page.headers["x-cache"], path).toBeUndefined();
      expect(page.headers["cache-control"], path).toBe("private, no-cache");
    }
  });
});

test.describe("pipelined requests", () => {
  /**
   * Writes `count` GETs of `path` in one go on one connection: the status lines of the answers,
   * and whether the server closed the connection.
   */
  function pipeline(count: number, path: string): Promise<{ statuses: string[]; closed: boolean }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\n\r\n`.repeat(count)),
      );
      let got = "";
      const done = (closed: boolean) => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ statuses: got.match(/^HTTP\/1\.1 \d+/gm) ?? [], closed });
      };
      // An open connection that has answered all it will: ends the wait.
      const timer = setTimeout(() => done(false), 5_000);
      socket.on("data", (d) => {
        got += d.toString("latin1");
        if ((got.match(/^HTTP\/1\.1 \d+/gm) ?? []).length === count) done(false);
      });
      socket.on("close", () => done(true));
      socket.on("error", reject);
    });
  }

  test("a few are all answered; a connection with more than 16 waiting for a render is closed", async () => {
    // The cart is rendered for every request (never cached): each one waits for a render.
    const few = await pipeline(4, "/cart");
    expect(few).toEqual({ statuses: Array(4).fill("HTTP/1.1 303"), closed: false });

    const many = await pipeline(40, "/cart");
    expect(many.closed).toBe(true);
    expect(many.statuses.length).toBeLessThanOrEqual(16);
    // The server goes on answering everyone else.
    expect((await raw({ path: "/cart", headers: { host: hostHeader } })).status).toBe(303);
  });
});

test.describe("request bodies", () => {
  const host = { host: hostHeader, origin: `http://${hostHeader}` };

  test("a declared body over the cap is refused with 413 before it is read", async () => {
    const res = await raw({
      method: "POST",
      path: "/login",
      headers: {
        ...host,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": 200 * 1024 * 1024,
      },
    }).catch((error: Error) => ({ status: -1, headers: {}, body: error.message }));
    expect(res.status).toBe(413);
    expect(res.body).toContain("at most 64 KB");
    // A browser's form post (the product form's images, say) is told why in a page, and what next.
    const upload = await raw({
      method: "POST",
      path: "/admin/products/new",
      headers: {
        ...host,
        accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        "content-type": "multipart/form-data; boundary=x",
        "content-length": 60 * 1024 * 1024,
      },
    });
    expect(upload.status).toBe(413);
    expect(upload.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(upload.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(upload.body).toContain("The request body is too large (at most 50 MB).");
    expect(upload.body).toContain("choose fewer or smaller files");
  });

  test("a chunked body is cut off at the cap: a page's form 64 KB, the API 1 MB, the webhook 256 KB", async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, "a");
    const chunkedForm = (body: Buffer) =>
      raw({
        method: "POST",
        path: "/login",
        headers: {
          ...host,
          accept: "text/html",
          "content-type": "application/x-www-form-urlencoded",
          "transfer-encoding": "chunked",
        },
        body,
      });
    const form = await chunkedForm(Buffer.alloc(64 * 1024 + 1, "a"));
    expect(form.status).toBe(413);
    expect(form.body).toContain("The request body is too large (at most 64 KB).");
    // A form with no files is not told to choose fewer files.
    expect(form.body).toContain("Go back and try again.");
    // At the cap, the page answers the form itself (a login refused).
    expect((await chunkedForm(Buffer.from(`email=${"a".repeat(64 * 1024 - 6)}`))).status).toBe(400);
    const api = await raw({
      method: "POST",
      path: "/api/v1/login",
      headers: { ...host, "content-type": "application/json", "transfer-encoding": "chunked" },
      body: big,
    });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({
      message: "The request body is too large (at most 1 MB).",
    });
    const hook = await raw({
      method: "POST",
      path: "/api/v1/webhooks/razorpay",
      headers: {
        host: hostHeader,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      body: Buffer.alloc(300 * 1024, "a"),
    });
    expect(hook.status).toBe(413);
    // Under the cap, the same route answers as usual.
    const small = await raw({
      method: "POST",
      path: "/api/v1/login",
      headers: { ...host, "content-type": "application/json" },
      body: "{}",
    });
    expect(small.status).toBe(400);
  });

  test("a page's action given anything but a form answers 415, never 500", async () => {
    for (const path of ["/login", "/signup", "/cart", "/checkout/callback", "/newsletter"]) {
      for (const [method, type, body] of [
        ["POST", "application/json", '{"email":"a@b.c"}'],
        ["POST", "text/plain", "x"],
        ["POST", undefined, ""],
        ["PUT", undefined, ""],
        ["DELETE", undefined, ""],
      ] as const) {
        const res = await raw({
          method,
          path,
          headers: { ...host, ...(type ? { "content-type": type } : {}) },
          body,
        });
        expect(res.status, `${method} ${path} ${type}`).toBe(415);
        expect(res.body).toContain("application/x-www-form-urlencoded");
      }
    }
  });

  test("a form of more than 1000 fields is refused with 413 before a page parses it", async () => {
    const fields = (n: number) =>
      [`email=fields-${n}-${Date.now()}%40example.com`, "password=wrong-password-1"]
        .concat(Array(n - 2).fill("x="))
        .join("&");
    const post = (n: number) =>
      raw({
        method: "POST",
        path: "/login",
        headers: { ...host, "content-type": "application/x-www-form-urlencoded" },
        body: fields(n),
      });
    const many = await post(1001);
    expect(many.status).toBe(413);
    expect(many.body).toBe("The form has too many fields (at most 1000).");
    expect((await post(1000)).status).toBe(401);
  });

  test("multipart is taken only where files are uploaded", async () => {
    const boundary = "----x";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--${boundary}--\r\n`;
    const res = await raw({
      method: "POST",
      path: "/login",
      headers: { ...host, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(415);
    // The courier CSV import takes its file (here: a guest, sent to log in, not refused as 415).
    const csv = await raw({
      method: "POST",
      path: "/admin/shipping",
      headers: { ...host, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(csv.status).not.toBe(415);
    expect(csv.status).toBeLessThan(500);
  });
});

test.describe("throttled forms", () => {
  test("a login refused for too many failures answers 429 with Retry-After, as a page and as data", async () => {
    const email = `throttled-${Date.now()}@example.com`;
    const attempt = (path: string) =>
      raw({
        method: "POST",
        path,
        headers: {
          host: hostHeader,
          origin: `http://${hostHeader}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ email, password: "wrong-password-1" }).toString(),
      });
    // The first failures cost nothing; then each attempt waits a while after the last one.
    for (let i = 0; i < 5; i++) expect((await attempt("/login")).status).toBe(401);
    for (const path of ["/login", "/login.data"]) {
      const refused = await attempt(path);
      expect(refused.status, path).toBe(429);
      expect(Number(refused.headers["retry-after"]), path).toBeGreaterThan(0);
    }
  });
});

test.describe("cross-site posts and CORS", () => {
  test("a form post from another site to any page answers 403, never 500", async () => {
    const pages = [
      "/login",
      "/signup",
      "/cart",
      "/checkout",
      "/newsletter",
      "/vehicle",
      "/addresses/new",
      "/account/password",
      "/admin/products",
      "/logout",
      "/contactus",
      "/login.data",
      "/cart.data",
    ];
    for (const page of pages) {
      const res = await raw({
        method: "POST",
        path: page,
        headers: {
          host: hostHeader,
          origin: "https://evil.example",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "email=a%40b.c&password=x",
      });
      expect(res.status, page).toBe(403);
      expect(res.body, page).toBe("Cross-site form posts are not accepted.");
    }
    // Without Origin, the browser's Sec-Fetch-Site tells.
    const fetchSite = await raw({
      method: "POST",
      path: "/cart",
      headers: {
        host: hostHeader,
        "sec-fetch-site": "cross-site",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "intent=add",
    });
    expect(fetchSite.status).toBe(403);
    // Nor Sec-Fetch-Site: an old browser's Referer names the other site's page.
    const referred = await raw({
      method: "POST",
      path: "/cart",
      headers: {
        host: hostHeader,
        referer: "https://evil.example/win-a-prize",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "intent=add",
    });
    expect(referred.status).toBe(403);
    // A post from the shop itself through a proxy that names another host is the app's to answer:
    // Remix's own check compares Origin with X-Forwarded-Host and would throw a 500.
    for (const page of ["/login", "/signup", "/cart", "/newsletter", "/forgot-password"]) {
      const forwarded = await raw({
        method: "POST",
        path: page,
        headers: {
          host: hostHeader,
          origin: `http://${hostHeader}`,
          "x-forwarded-host": "evil.example",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "email=a%40b.c&password=x",
      });
      expect(forwarded.status, page).toBeLessThan(500);
      expect(forwarded.status, page).not.toBe(403);
    }
    // Razorpay's callback is a cross-site post on purpose: it reaches the app.
    const callback = await raw({
      method: "POST",
      path: "/checkout/callback",
      headers: {
        host: hostHeader,
        origin: "https://api.razorpay.com",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "razorpay_order_id=order_x&razorpay_payment_id=pay_x&razorpay_signature=bad",
    });
    expect(callback.status).not.toBe(403);
    expect(callback.status).toBeLessThan(500);
  });

  test("an OPTIONS request that is no CORS preflight is answered with the methods, and runs no route", async () => {
    for (const path of ["/api/v1/allProducts", "/api/v1/cart", "/cart", "/product/1"]) {
      const answer = await raw({ method: "OPTIONS", path, headers: { host: hostHeader } });
      expect(answer.status, path).toBe(204);
      expect(answer.body, path).toBe("");
      expect(String(answer.headers.allow), path).toMatch(/^OPTIONS, GET, HEAD, POST/);
    }
    // A page's CORS-looking request from any origin is no API preflight either.
    const page = await raw({
      method: "OPTIONS",
      path: "/cart",
      headers: { host: hostHeader, origin: "https://evil.example" },
    });
    expect(page.status).toBe(204);
    expect(page.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("a method the shop does not take (TRACE, PROPFIND) answers 405 with the methods, never 500", async () => {
    for (const method of ["TRACE", "PROPFIND", "SEARCH"]) {
      for (const path of ["/api/v1/allProducts", "/login"]) {
        const answer = await raw({
          method,
          path,
          headers: { host: hostHeader, "content-type": "application/x-www-form-urlencoded" },
          body: method === "TRACE" ? undefined : "a=b",
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(String(answer.headers.allow), `${method} ${path}`).toBe(
          "OPTIONS, GET, HEAD, POST, PUT, PATCH, DELETE",
        );
      }
    }
  });

  test("the bearer-token API answers CORS for the listed origins only, and ignores cookies from them", async () => {
    const allowed = "https://app.example.test";
    const preflight = (origin: string) =>
      raw({
        method: "OPTIONS",
        path: "/api/v1/cart/addItem",
        headers: {
          host: hostHeader,
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type, x-xsrf-token",
        },
      });
    const ok = await preflight(allowed);
    expect(ok.status).toBe(204);
    expect(ok.headers["access-control-allow-origin"]).toBe(allowed);
    // Every header the spec's client sends by default is allowed.
    expect(String(ok.headers["access-control-allow-headers"])).toMatch(/Authorization/);
    expect(String(ok.headers["access-control-allow-headers"])).toMatch(/X-XSRF-TOKEN/i);
    expect(ok.headers["access-control-allow-credentials"]).toBeUndefined();
    const refused = await preflight("https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.headers["access-control-allow-origin"]).toBeUndefined();

    // A public answer that differs by Origin says so, rendered or from the page cache, and with no
    // Origin too, so that a shared cache never gives one origin's answer to another.
    for (const origin of [allowed, allowed, undefined]) {
      const list = await raw({
        path: "/api/v1/allProducts",
        headers: { host: hostHeader, "accept-encoding": "gzip", ...(origin ? { origin } : {}) },
      });
      expect(list.status).toBe(200);
      expect(list.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(list.headers.vary)).toMatch(/\bOrigin\b/);
      expect(String(list.headers.vary)).toMatch(/Accept-Encoding/);
    }
    // Registering and logging in from the allowed origin work; a session cookie sent along is ignored.
    const email = `cors-${Date.now()}@example.com`;
    const json = { host: hostHeader, origin: allowed, "content-type": "application/json" };
    const reg = await raw({
      method: "POST",
      path: "/api/v1/register",
      headers: json,
      body: JSON.stringify({ email, password: "cors-trail-2026" }),
    });
    expect(reg.status).toBe(201);
    const cart = await raw({
      path: "/api/v1/cart",
      headers: { host: hostHeader, origin: allowed, cookie: "session=forged" },
    });
    expect(cart.status).toBe(401);
  });
});

test.describe("a flood of random query strings", () => {
  test.setTimeout(420_000);
  let server: ChildProcess | undefined;
  let work: string | undefined;
  test.afterAll(() => {
    server?.kill("SIGKILL");
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("leaves the heap under 300 MB and the home page answered from the cache", async () => {
    // A server of its own, so its memory is this test's alone.
    const floodPort = SERVER_PORTS.flood;
    work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-flood-"));
    const buildDir = process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${port}`);
    const lines: string[] = [];
    server = spawn(process.execPath, [path.resolve("server.mjs")], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        // One process: the bounds checked below are those of one page cache and one heap.
        SHOP_WORKERS: "1",
        PORT: String(floodPort),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${floodPort}`,
        DATABASE_URL: path.join(work, "shop.db"),
        UPLOADS_DIR: process.env.E2E_UPLOADS_DIR || path.resolve(".e2e/uploads"),
        SESSION_SECRET: "flood-session-secret-0123456789abcdef",
        BUILD_DIR: buildDir,
        SEED_DEMO: "1",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const parts = out.split("\n");
      out = parts.pop()!;
      lines.push(...parts.filter((l) => l.startsWith("{")));
    });
    const floodHost = `127.0.0.1:${floodPort}`;
    await expect
      .poll(
        async () =>
          (
            await raw({ path: "/healthz", port: floodPort, headers: { host: floodHost } }).catch(
              () => ({ status: 0 }),
            )
          ).status,
        {
          timeout: 120_000,
        },
      )
      .toBe(200);
    const stats = async () => {
      const before = lines.length;
      server!.kill("SIGUSR2");
      await expect
        .poll(() => lines.slice(before).some((l) => l.includes('"msg":"stats"')), {
          timeout: 10_000,
        })
        .toBe(true);
      return JSON.parse(lines.slice(before).find((l) => l.includes('"msg":"stats"'))!);
    };

    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const random = () => Math.random().toString(36).slice(2, 10);
    const ids = (
      JSON.parse(
        (await raw({ path: "/api/v1/allProducts", port: floodPort, headers: { host: floodHost } }))
          .body,
      ) as { id: number }[]
    )
      .slice(0, 50)
      .map((p) => p.id);
    // Mostly parameters no route reads on public pages; one in 25 a search (each one a render).
    const target = (i: number) => {
      if (i % 50 === 0) return `/api/v1/search?q=${random()}`;
      if (i % 50 === 1) return `/search?q=${random()}`;
      if (i % 3 === 0) return `/?${random()}=${random()}`;
      return `/product/${ids[i % ids.length]}?v=${random()}`;
    };
    const TOTAL = 100_000;
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        const res = await raw(
          { path: target(i), port: floodPort, headers: { host: floodHost } },
          agent,
        );
        if (res.status !== 200) failed += 1;
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    agent.destroy();
    expect(failed).toBe(0);

    const after = await stats();
    // The JavaScript heap and the Buffers outside it (the cached bodies live there).
    expect(after.heapUsed + after.external).toBeLessThan(300 * 1024 * 1024);
    expect(after.cache.entries).toBeLessThanOrEqual(4096);
    expect(after.cache.bytes).toBeLessThanOrEqual(64 * 1024 * 1024);
    const home = await raw({ path: "/", port: floodPort, headers: { host: floodHost } });
    expect(home.status).toBe(200);
    expect(home.headers["x-cache"]).toBe("hit");
    console.log(
      `[flood] ${TOTAL} requests: heap ${(after.heapUsed / 2 ** 20).toFixed(0)} MB + ${(after.external / 2 ** 20).toFixed(0)} MB external, RSS ${(after.rss / 2 ** 20).toFixed(0)} MB, ${after.cache.entries} cache entries, ${(after.cache.bytes / 2 ** 20).toFixed(1)} MB`,
    );
  });
});

test.describe("many slow request bodies", () => {
  test.describe.configure({ mode: "serial" });
  test.setTimeout(180_000);
  // A server of its own: these tests fill its body budgets, which would refuse others' posts.
  const bodiesPort = SERVER_PORTS.bodies;
  const bodiesHost = `127.0.0.1:${bodiesPort}`;
  const admin = { email: "bodies-admin@example.com", password: "bodies-admin-password-1" };
  let server: ChildProcess | undefined;
  let work: string | undefined;
  const lines: string[] = [];
  const ask = (options: Parameters<typeof raw>[0]) =>
    raw({ ...options, port: bodiesPort, headers: { host: bodiesHost, ...options.headers } });

  test.beforeAll(async ({ browserName: _ }, info) => {
    // The file-level skip does not stop this hook in the other project: it would start a second server.
    if (info.project.name !== "js") return;
    test.setTimeout(150_000);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bodies-"));
    server = spawn(process.execPath, [path.resolve("server.mjs")], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SHOP_WORKERS: "1",
        PORT: String(bodiesPort),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://${bodiesHost}`,
        DATABASE_URL: path.join(work, "shop.db"),
        UPLOADS_DIR: path.join(work, "uploads"),
        SESSION_SECRET: "bodies-session-secret-0123456789abcdef",
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        BUILD_DIR: process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${port}`),
        SEED_DEMO: "0",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const parts = out.split("\n");
      out = parts.pop()!;
      lines.push(...parts.filter((l) => l.startsWith("{")));
    });
    await expect
      .poll(async () => (await ask({ path: "/healthz" }).catch(() => ({ status: 0 }))).status, {
        timeout: 120_000,
      })
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill("SIGKILL");
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("hold at most the process's budget (later ones answer 503), never stop it answering, and a client that leaves is no error", async () => {
    // 100 API calls of 1 MB, each stopping one byte short: without a budget, 100 MB held for the
    // 300 s of Node's requestTimeout (400 of them took a process from 121 MB to 508 MB).
    const body = Buffer.alloc(1024 * 1024 - 1, "a");
    const clients = Array.from({ length: 100 }, () => {
      const client = { socket: net.connect(bodiesPort, "127.0.0.1"), answer: "" };
      client.socket.on("connect", () => {
        client.socket.write(
          `POST /api/v1/login HTTP/1.1\r\nHost: ${bodiesHost}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 1}\r\n\r\n`,
        );
        client.socket.write(body);
      });
      client.socket.on("data", (d: Buffer) => (client.answer += d.toString("latin1")));
      client.socket.on("error", () => {});
      return client;
    });
    const refused = () => clients.filter((c) => /^HTTP\/1\.1 503 /.test(c.answer));
    // At most 32 MB is held (32 bodies); the rest are refused at once, told when to come back.
    await expect.poll(() => refused().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(60);
    expect(refused()[0].answer).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(refused()[0].answer).toContain("The shop is busy receiving other requests.");
    // Meanwhile the shop answers everyone else.
    const health = await ask({ path: "/healthz" });
    expect(health.status).toBe(200);

    // The held ones leave before their last byte: each a request aborted, none an error.
    for (const c of clients) c.socket.destroy();
    const logged = () =>
      lines
        .map((l) => JSON.parse(l))
        .filter((l) => l.path === "/api/v1/login" && l.method === "POST");
    await expect.poll(() => logged().length).toBe(100);
    // Each one answered was refused; the others' clients left.
    const answered = logged().filter((l) => l.msg === "request");
    expect(answered.length).toBeGreaterThanOrEqual(60);
    expect(answered.map((l) => l.status)).toEqual(answered.map(() => 503));
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    // Their bytes are let go: a body of nearly 1 MB is taken again.
    const again = await ask({
      method: "POST",
      path: "/api/v1/login",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "x".repeat(1000_000) }),
    });
    expect(again.status).not.toBe(503);
    expect(again.status).toBeLessThan(500);
  });

  test("uploads count until they are answered: a third product form of 40 MB at once answers 503, and none is refused once the others are answered", async () => {
    const login = await ask({
      method: "POST",
      path: "/login",
      headers: {
        origin: `http://${bodiesHost}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(admin).toString(),
    });
    const session = [login.headers["set-cookie"] ?? []]
      .flat()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("session="));
    expect(session, "the admin is logged in").toBeTruthy();
    // A product form with 8 files of 5 MB (none an image: the form is refused once read).
    const boundary = "----upload-budget";
    const file = Buffer.alloc(5 * 1024 * 1024 - 1024, 7);
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nX\r\n`),
      ...Array.from({ length: 8 }, (_, i) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="colors.0.images"; filename="f${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
        Buffer.from("\r\n"),
      ]).flat(),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    /** Sends all of the form but the end of its last file; `finish()` sends the rest. */
    const upload = () => {
      const done = { status: 0, finish: () => {} };
      const answered = new Promise<number>((resolve) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: bodiesPort,
            method: "POST",
            path: "/admin/products/new",
            agent: false,
            headers: {
              host: bodiesHost,
              origin: `http://${bodiesHost}`,
              cookie: session,
              "content-type": `multipart/form-data; boundary=${boundary}`,
              "content-length": form.length,
            },
          },
          (res) => {
            done.status = res.statusCode ?? 0;
            res.resume();
            res.on("end", () => resolve(done.status));
          },
        );
        req.on("error", () => resolve(-1));
        // (Without its closing boundary alone, a form can be read whole: the app may answer first.)
        const held = form.length - 100_000;
        req.write(form.subarray(0, held));
        done.finish = () => req.end(form.subarray(held));
      });
      return Object.assign(done, { answered });
    };
    const uploads = [upload(), upload(), upload()];
    // The process holds 96 MB of uploads: the third to cross it is refused while the others wait.
    await expect
      .poll(() => uploads.map((u) => u.status).filter((s) => s !== 0), { timeout: 30_000 })
      .toEqual([503]);
    for (const u of uploads) u.finish();
    const statuses = await Promise.all(uploads.map((u) => u.answered));
    expect(statuses.sort()).toEqual([400, 400, 503]);
    // Answered, they count no more: the next one is read and answered by the form.
    const next = upload();
    next.finish();
    expect(await next.answered).toBe(400);
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});

test.describe("a port already taken", () => {
  test("stops a single-process server with one log line, not a stack trace", () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "shop-port-"));
    try {
      // The run's own server holds E2E_PORT.
      const run = spawnSync(process.execPath, [path.resolve("server.mjs")], {
        encoding: "utf8",
        env: {
          ...process.env,
          NODE_ENV: "production",
          SHOP_WORKERS: "1",
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: work,
          DATABASE_URL: path.join(work, "shop.db"),
          UPLOADS_DIR: path.join(work, "uploads"),
          SESSION_SECRET: "port-taken-session-secret-0123456789abcdef",
          BUILD_DIR: process.env.E2E_BUILD_DIR || path.join(".e2e", `build-${port}`),
          SEED_DEMO: "0",
        },
        timeout: 120_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe("");
      const errors = run.stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l))
        .filter((l) => l.level === "error");
      expect(errors).toEqual([
        expect.objectContaining({ msg: `cannot listen on 127.0.0.1:${port}` }),
      ]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
