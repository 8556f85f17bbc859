import crypto from "node:crypto";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { compressBody, etagMatches, pickEncoding } from "../../server/encoding.mjs";
import {
  cacheLookup,
  cacheTarget,
  cookieVariant,
  createPageCache,
  ENTRY_OVERHEAD_BYTES,
  isCacheableRequest,
  MIN_BODY_BYTES,
  isStorableResponse,
  policyWithHashes,
  sendEntry,
  vehicleCookieValue,
} from "../../server/page-cache.mjs";

const html = (text: string) =>
  Buffer.from(
    `<!DOCTYPE html><html><body><h1>${text}</h1>${"<p>gear</p>".repeat(200)}</body></html>`,
  );
const htmlHeaders = (extra: Record<string, string> = {}) =>
  new Headers({ "content-type": "text/html; charset=utf-8", ...extra });

/** `preset`: headers set on the response before the entry is sent (as CORS sets Vary: Origin). */
function fakeRes(preset: Record<string, string> = {}) {
  const out: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  return {
    out,
    getHeader: (name: string) => preset[name],
    writeHead(status: number, headers: Record<string, string>) {
      out.status = status;
      out.headers = headers;
      return this;
    },
    end(body?: Buffer) {
      out.body = body;
    },
  };
}

describe("which requests the page cache may answer", () => {
  it("takes anonymous GET and HEAD requests for public catalogue URLs", () => {
    for (const url of [
      "/",
      "/_root.data",
      "/all-products?category=wheels&page=3",
      "/category/wheels",
      "/product/42",
      "/product/42.data?_routes=routes%2Fproduct.%24id",
      "/search?q=winch",
      "/api/v1/allProducts",
      "/api/v1/search?query=arb",
    ]) {
      expect(isCacheableRequest("GET", url, {}), url).toBe(true);
    }
    expect(isCacheableRequest("HEAD", "/category/wheels", {})).toBe(true);
  });

  it("takes the brand pages the database knows and the other anonymous information pages", () => {
    const isBrand = (slug: string) =>
      ["method", "warn", "arb", "noco", "safari", "oldman"].includes(slug);
    for (const url of [
      "/method",
      "/warn",
      "/arb",
      "/noco",
      "/safari",
      "/oldman?page=2",
      "/arb.data",
      "/privacy",
      "/terms",
    ]) {
      expect(isCacheableRequest("GET", url, {}, undefined, isBrand), url).toBe(true);
    }
    // Other one-segment paths are per-visitor pages or unknown brands.
    for (const url of [
      "/profile",
      "/addresses",
      "/billing",
      "/newsletter",
      "/vehicle",
      "/logout",
      "/methods",
    ]) {
      expect(isCacheableRequest("GET", url, {}, undefined, isBrand), url).toBe(false);
    }
  });

  it("never takes a request with a cookie or a bearer token, a POST, or a private URL", () => {
    expect(isCacheableRequest("GET", "/product/42", { cookie: "session=abc" })).toBe(false);
    expect(isCacheableRequest("GET", "/product/42", { cookie: "vehicle=toyota_hilux" })).toBe(
      false,
    );
    expect(isCacheableRequest("GET", "/api/v1/allProducts", { authorization: "Bearer x" })).toBe(
      false,
    );
    expect(isCacheableRequest("POST", "/product/42", {})).toBe(false);
    for (const url of [
      "/cart",
      "/checkout",
      "/login",
      "/userOrders",
      "/admin/dashboard",
      "/api/v1/cart",
      "/order/1",
    ]) {
      expect(isCacheableRequest("GET", url, {}), url).toBe(false);
    }
    expect(isCacheableRequest("GET", `/search?q=${"x".repeat(2000)}`, {})).toBe(false);
  });

  it("answers the catalogue's JSON API the same whoever asks: one entry, rendered without cookies", () => {
    const session = { cookie: "session=abc; vehicle=" + vehicleCookieValue("toyota_hilux") };
    expect(cacheLookup("GET", "/api/v1/search?query=winch", session)).toEqual({
      path: "/api/v1/search?query=winch",
      key: "/api/v1/search?query=winch",
      cookie: undefined,
    });
    expect(cacheLookup("GET", "/api/v1/product/42", session)?.key).toBe("/api/v1/product/42");
    // The header's search by single fetch: only when it asks for that loader alone.
    const search = "/api/v1/search.data?query=winch&_routes=routes%2Fapi.v1.search";
    expect(cacheLookup("GET", search, session)?.key).toBe(
      "/api/v1/search.data?_routes=routes%2Fapi.v1.search&query=winch",
    );
    for (const url of [
      "/api/v1/search.data?query=winch",
      "/api/v1/search.data?query=winch&_routes=root%2Croutes%2Fapi.v1.search",
      "/api/v1/search.data?query=winch&_routes=root",
    ]) {
      expect(cacheLookup("GET", url, {}), url).toBeNull();
    }
    // The account's API never.
    expect(cacheLookup("GET", "/api/v1/cart", session)).toBeNull();
    expect(cacheLookup("GET", "/api/v1/search?query=winch", { authorization: "Bearer x" })).toBe(
      null,
    );
  });

  it("keys on the parameters the route reads, in name order, and drops the rest", () => {
    expect(cacheTarget("GET", "/?utm_source=x&fbclid=1", {})).toBe("/");
    expect(cacheTarget("GET", "/product/42?v=7&color=black", {})).toBe("/product/42?color=black");
    expect(
      cacheTarget("GET", "/all-products?sort=price_asc&junk=1&category=wheels&color=a&color=b", {}),
    ).toBe("/all-products?category=wheels&color=a&color=b&sort=price_asc");
    expect(cacheTarget("GET", "/api/v1/search?zz=1&q=winch", {})).toBe("/api/v1/search?q=winch");
    expect(cacheTarget("GET", "/product/42.data?x=1&_routes=routes%2Fproduct.%24id", {})).toBe(
      "/product/42.data?_routes=routes%2Fproduct.%24id",
    );
  });

  it("stores only a 200 that sets no cookie and is not private", () => {
    expect(isStorableResponse(200, htmlHeaders())).toBe(true);
    expect(isStorableResponse(404, htmlHeaders())).toBe(false);
    expect(isStorableResponse(302, htmlHeaders())).toBe(false);
    expect(isStorableResponse(200, htmlHeaders({ "set-cookie": "toast=1" }))).toBe(false);
    expect(isStorableResponse(200, htmlHeaders({ "cache-control": "private, max-age=0" }))).toBe(
      false,
    );
    expect(isStorableResponse(200, htmlHeaders({ "cache-control": "no-store" }))).toBe(false);
  });
});

describe("the vehicle cookie and other cookies", () => {
  const known = new Set(["toyota-hilux", "suzuki-jimny"]);
  const isVehicle = (slug: string) => known.has(slug);
  // What the app's Remix cookie writes: base64 of the JSON string, URL-encoded.
  const hilux = `vehicle=${encodeURIComponent(btoa(JSON.stringify("toyota-hilux")))}`;
  const jimny = `vehicle=${encodeURIComponent(btoa(JSON.stringify("suzuki-jimny")))}`;

  it("reads the vehicle cookie the app writes", () => {
    expect(vehicleCookieValue("toyota-hilux")).toBe(hilux.slice("vehicle=".length));
    expect(cookieVariant(hilux, isVehicle)).toEqual({ vehicle: "toyota-hilux", cookie: hilux });
  });

  it("keys a page per real vehicle, never one vehicle's key for another or for none", () => {
    const home = cacheLookup("GET", "/", { cookie: hilux }, isVehicle)!;
    const other = cacheLookup("GET", "/", { cookie: jimny }, isVehicle)!;
    const none = cacheLookup("GET", "/", {}, isVehicle)!;
    expect(new Set([home.key, other.key, none.key]).size).toBe(3);
    expect(none).toEqual({ path: "/", key: "/", cookie: undefined });
    // Rendered with the vehicle's cookie alone, at the canonical path.
    expect(cacheLookup("GET", "/?utm=1", { cookie: `_ga=1; ${hilux}; toast=` }, isVehicle)).toEqual(
      home,
    );
  });

  it("ignores cookies no page reads and a consumed toast", () => {
    for (const cookie of [
      "_ga=GA1.2.3",
      "toast=",
      '__Host-toast=""',
      "theme=dark; toast=",
      "vehicle=IiI%3D",
    ]) {
      expect(cookieVariant(cookie, isVehicle), cookie).toEqual({ vehicle: "", cookie: undefined });
    }
  });

  it("renders afresh for a session, a waiting toast, an unknown vehicle or an odd vehicle value", () => {
    for (const cookie of [
      "session=abc",
      `__Host-session=abc; ${hilux}`,
      `${hilux}; session=`,
      "toast=W3siaWQiOiJ4In1d.sig",
      `vehicle=${vehicleCookieValue("made-up-4x4")}`,
      "vehicle=toyota_hilux",
      `vehicle=${vehicleCookieValue("toyota-hilux")}x`,
      `${hilux}; ${jimny}`,
      // The delivery PIN a product page shows.
      "pin=IjU2MDAwMSI%3D",
      `${hilux}; pin=IjU2MDAwMSI%3D`,
    ]) {
      expect(cookieVariant(cookie, isVehicle), cookie).toBeNull();
      expect(isCacheableRequest("GET", "/", { cookie }, isVehicle), cookie).toBe(false);
    }
    // Without the app's list of vehicles, no vehicle page is cached.
    expect(isCacheableRequest("GET", "/", { cookie: hilux })).toBe(false);
  });
});

describe("createPageCache", () => {
  it("serves what it stored until the catalogue version moves, then forgets everything", () => {
    let version = 1;
    const cache = createPageCache({ version: () => version });
    expect(cache.get("/product/1")).toBeUndefined();
    expect(
      cache.set("/product/1", { status: 200, headers: htmlHeaders(), body: html("one") }, 1),
    ).not.toBeNull();
    expect(cache.get("/product/1")?.variants.identity.toString()).toContain("one");
    version = 2;
    expect(cache.get("/product/1")).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("does not store an answer rendered while the catalogue changed, and never one that sets a cookie", () => {
    let version = 1;
    const cache = createPageCache({ version: () => version });
    const renderedAt = cache.version();
    version = 2;
    const entry = cache.set(
      "/",
      { status: 200, headers: htmlHeaders(), body: html("old") },
      renderedAt,
    );
    expect(entry).not.toBeNull(); // served once to the request that rendered it...
    expect(cache.get("/")).toBeUndefined(); // ...but not kept
    expect(
      cache.set(
        "/",
        { status: 200, headers: htmlHeaders({ "set-cookie": "a=b" }), body: html("x") },
        2,
      ),
    ).toBeNull();
    expect(cache.get("/")).toBeUndefined();
  });

  it("lets an entry expire after its time to live, in case a change forgot to bump the version", () => {
    let clock = 1_000;
    const cache = createPageCache({ version: () => 1, ttlMs: 60_000, now: () => clock });
    cache.set("/product/1", { status: 200, headers: htmlHeaders(), body: html("one") }, 1);
    clock += 59_000;
    expect(cache.get("/product/1")).toBeDefined();
    clock += 2_000;
    expect(cache.get("/product/1")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the least recently used entries beyond its byte budget, counting each entry's overhead", () => {
    const cache = createPageCache({
      version: () => 1,
      maxBytes: 3 * (900 + ENTRY_OVERHEAD_BYTES + 2),
    });
    const small = (t: string) => Buffer.from(t.padEnd(900, "."));
    const headers = new Headers({ "content-type": "application/octet-stream" });
    cache.set("/a", { status: 200, headers, body: small("a") }, 1);
    cache.set("/b", { status: 200, headers, body: small("b") }, 1);
    cache.get("/a");
    cache.set("/c", { status: 200, headers, body: small("c") }, 1);
    cache.set("/d", { status: 200, headers, body: small("d") }, 1);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(3 * (900 + ENTRY_OVERHEAD_BYTES + 2));
    expect(cache.size).toBe(3);
  });

  it("caps the number of entries, and keeps no tiny answer (an empty search's [])", () => {
    const cache = createPageCache({ version: () => 1, maxEntries: 10 });
    const json = new Headers({ "content-type": "application/json" });
    for (let i = 0; i < 50; i++)
      cache.set(
        `/api/v1/search?q=${i}`,
        { status: 200, headers: json, body: Buffer.from(`[${"1,".repeat(200)}1]`) },
        1,
      );
    expect(cache.size).toBe(10);
    expect(cache.get("/api/v1/search?q=49")).toBeDefined();
    expect(cache.get("/api/v1/search?q=0")).toBeUndefined();
    const empty = cache.set(
      "/api/v1/search?q=zzzz",
      { status: 200, headers: json, body: Buffer.from("[]") },
      1,
    );
    expect(empty).not.toBeNull(); // answered...
    expect(cache.get("/api/v1/search?q=zzzz")).toBeUndefined(); // ...but not kept
    expect(MIN_BODY_BYTES).toBeGreaterThan(2);
  });

  it("gives a new entry a quick gzip at once, and its better variants off the event loop", async () => {
    const cache = createPageCache({ version: () => 1 });
    const body = html("p");
    const entry = cache.set("/p", { status: 200, headers: htmlHeaders(), body }, 1)!;
    await entry.ready;
    // The miss that stored it answers with this one (server.mjs waits for `ready`).
    expect(Object.keys(entry.variants).sort()).toEqual(["gzip", "identity"]);
    expect(zlib.gunzipSync(entry.variants.gzip).equals(body)).toBe(true);
    const overhead = "/p".length + ENTRY_OVERHEAD_BYTES;
    expect(cache.bytes).toBe(body.length + entry.variants.gzip.length + overhead);
    await cache.idle();
    const later = cache.get("/p")!;
    expect(Object.keys(later.variants).sort()).toEqual(["br", "gzip", "identity"]);
    expect(zlib.brotliDecompressSync(later.variants.br).equals(body)).toBe(true);
    expect(cache.bytes).toBe(
      body.length + later.variants.gzip.length + later.variants.br.length + overhead,
    );
  });

  it("compresses a large answer on the thread pool before its miss is answered", async () => {
    const cache = createPageCache({ version: () => 1 });
    const rows = Array.from({ length: 3000 }, (_, i) => ({ id: i, title: `Part ${i}`, price: i }));
    const body = Buffer.from(JSON.stringify(rows));
    expect(body.length).toBeGreaterThan(128 * 1024); // over the in-line limit
    const entry = cache.set(
      "/api/v1/allProducts",
      { status: 200, headers: new Headers({ "content-type": "application/json" }), body },
      1,
    )!;
    await entry.ready;
    const res = fakeRes();
    sendEntry({ method: "GET", headers: { "accept-encoding": "gzip" } }, res, entry);
    expect(res.out.headers?.["content-encoding"]).toBe("gzip");
    expect(res.out.body!.length).toBeLessThan(body.length / 4);
    expect(zlib.gunzipSync(res.out.body!).equals(body)).toBe(true);
  });

  it("compresses an answer it does not keep too (rendered while the catalogue changed)", async () => {
    const cache = createPageCache({ version: () => 2 });
    const entry = cache.set("/p", { status: 200, headers: htmlHeaders(), body: html("p") }, 1)!;
    await entry.ready;
    expect(entry.variants.gzip).toBeDefined();
    expect(cache.get("/p")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("renders once for concurrent misses of the same URL", async () => {
    const cache = createPageCache({ version: () => 1 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { entry: "e" };
    };
    const calls = [cache.once("/x", render), cache.once("/x", render), cache.once("/x", render)];
    expect(calls.map((c) => c.leader)).toEqual([true, false, false]);
    expect(await Promise.all(calls.map((c) => c.promise))).toEqual([
      { entry: "e" },
      { entry: "e" },
      { entry: "e" },
    ]);
    expect(renders).toBe(1);
    expect(cache.once("/x", render).leader).toBe(true);
  });
});

describe("sendEntry", () => {
  const cache = createPageCache({ version: () => 1 });
  const entry = cache.set(
    "/p",
    { status: 200, headers: htmlHeaders({ "x-frame-options": "DENY" }), body: html("p") },
    1,
  )!;
  beforeAll(() => cache.idle());

  it("answers compressed with an ETag, the cache policy and the page's own headers", () => {
    const res = fakeRes();
    sendEntry({ method: "GET", headers: { "accept-encoding": "gzip, deflate, br" } }, res, entry);
    expect(res.out.status).toBe(200);
    expect(res.out.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "text/html; charset=utf-8",
      "x-frame-options": "DENY",
      vary: "Accept-Encoding, Cookie",
    });
    expect(res.out.headers?.["cache-control"]).toMatch(/stale-while-revalidate/);
    expect(zlib.brotliDecompressSync(res.out.body!).toString()).toContain("<h1>p</h1>");
    expect(Number(res.out.headers?.["content-length"])).toBe(res.out.body!.length);

    const gz = fakeRes();
    sendEntry({ method: "GET", headers: { "accept-encoding": "gzip" } }, gz, entry);
    expect(zlib.gunzipSync(gz.out.body!).toString()).toContain("<h1>p</h1>");

    const plain = fakeRes();
    sendEntry({ method: "GET", headers: {} }, plain, entry);
    expect(plain.out.headers?.["content-encoding"]).toBeUndefined();
    expect(plain.out.body!.toString()).toContain("<h1>p</h1>");
  });

  it("answers 304 without a body when the client holds the same ETag", () => {
    const res = fakeRes();
    sendEntry({ method: "GET", headers: { "if-none-match": entry.etag } }, res, entry);
    expect(res.out.status).toBe(304);
    expect(res.out.body).toBeUndefined();
    expect(res.out.headers?.etag).toBe(entry.etag);
    // The browser refreshes its stored headers from a 304: the page's own must be there.
    expect(res.out.headers?.["x-frame-options"]).toBe("DENY");
    expect(res.out.headers?.["content-length"]).toBeUndefined();
  });

  it("sends no body to HEAD", () => {
    const res = fakeRes();
    sendEntry({ method: "HEAD", headers: {} }, res, entry);
    expect(res.out.status).toBe(200);
    expect(res.out.body).toBeUndefined();
  });

  it("keeps a Vary set before it (CORS's Origin), with its own after it", () => {
    const res = fakeRes({ vary: "Origin" });
    sendEntry({ method: "GET", headers: { "accept-encoding": "gzip" } }, res, entry);
    expect(res.out.headers!.vary).toBe("Origin, Accept-Encoding, Cookie");
    const plain = fakeRes();
    sendEntry({ method: "GET", headers: { "accept-encoding": "gzip" } }, plain, entry);
    expect(plain.out.headers!.vary).toBe("Accept-Encoding, Cookie");
  });
});

describe("a page rendered with a CSP nonce", () => {
  const nonce = "abc123+/=";
  const policy = `default-src 'self'; script-src 'self' 'nonce-${nonce}' https://checkout.razorpay.com; style-src 'self' 'unsafe-inline'`;
  const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;

  it("is stored with a policy that allows exactly its inline scripts by hash, and no nonce", () => {
    const a = `window.__remixContext = {"x":1};`;
    const b = `import "/assets/entry.client-1.js";`;
    const body = `<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script nonce="${nonce}">${a}</script><script type="module" nonce="${nonce}" async="">${b}</script></body></html>`;
    expect(policyWithHashes(policy, body)).toBe(
      `default-src 'self'; script-src 'self' ${sha(a)} ${sha(b)} https://checkout.razorpay.com; style-src 'self' 'unsafe-inline'`,
    );

    const cache = createPageCache({ version: () => 1 });
    const entry = cache.set(
      "/",
      {
        status: 200,
        headers: htmlHeaders({ "content-security-policy": policy }),
        body: Buffer.from(body),
      },
      1,
    )!;
    expect(entry.headers["content-security-policy"]).not.toContain("nonce");
    expect(entry.headers["content-security-policy"]).toContain(sha(a));
  });

  it("is not stored when an external script carries the nonce", () => {
    const body = `<script nonce="${nonce}" src="/x.js"></script>`;
    expect(policyWithHashes(policy, body)).toBeNull();
    const cache = createPageCache({ version: () => 1 });
    expect(
      cache.set(
        "/",
        {
          status: 200,
          headers: htmlHeaders({ "content-security-policy": policy }),
          body: Buffer.from(body),
        },
        1,
      ),
    ).toBeNull();
  });
});

describe("encoding helpers", () => {
  it("prefers br, then gzip, honouring q=0 and what is held", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("br", ["gzip"])).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
  });

  it("compresses a rendered body so that it reads back the same, in line and on the thread pool", async () => {
    for (const size of [40_000, 300_000]) {
      const body = Buffer.from('<li class="card">Winch ₹1,20,000</li>'.repeat(size / 40));
      const gzip = await compressBody(body, "gzip");
      expect(gzip.length).toBeLessThan(body.length / 4);
      expect(zlib.gunzipSync(gzip).equals(body)).toBe(true);
      expect(zlib.brotliDecompressSync(await compressBody(body, "br")).equals(body)).toBe(true);
    }
  });

  it("compares ETags weakly", () => {
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
