// Compression helpers shared by the page cache and the static files.
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** Whether a Content-Type is worth compressing. */
export function isCompressible(contentType) {
  return COMPRESSIBLE.test(contentType ?? "");
}

/** The best encoding the client accepts among `available`: "br", "gzip" or "identity". */
export function pickEncoding(acceptEncoding, available = ["br", "gzip"]) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? "")
    .toLowerCase()
    .split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (available.includes("br") && ok("br")) return "br";
  if (available.includes("gzip") && ok("gzip")) return "gzip";
  return "identity";
}

const brotliOptions = (body) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: body.length > 512 * 1024 ? 5 : 9,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});

/** The variants worth keeping: a compressed body only when it is smaller. */
function variantsOf(body, gzip, br) {
  const variants = { identity: body };
  if (gzip && gzip.length < body.length) variants.gzip = gzip;
  if (br && br.length < body.length) variants.br = br;
  return variants;
}

const worthCompressing = (body, contentType) => body.length >= 1024 && isCompressible(contentType);

/**
 * The body in every encoding we serve, compressed once. Bodies under 1 kB, or not worth it,
 * keep only the identity version.
 */
export function encodeVariants(body, contentType) {
  if (!worthCompressing(body, contentType)) return { identity: body };
  return variantsOf(
    body,
    zlib.gzipSync(body, { level: 6 }),
    zlib.brotliCompressSync(body, brotliOptions(body)),
  );
}

/** A weak validator of the identity body (the same for every encoding of it). */
export function etagOf(body) {
  return `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

/** True when If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (t) => t.trim().replace(/^W\//, "");
  const want = bare(etag);
  return ifNoneMatch.split(",").some((t) => bare(t) === want);
}

/** Size in bytes of every variant held. */
export function variantsSize(variants) {
  return Object.values(variants).reduce((n, b) => n + b.length, 0);
}

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

/**
 * Settings for a body compressed as it is answered (a rendered page, data): cheap enough for each
 * one. Brotli's qualities 0 and 1 are its fast compressors (one pass, two passes). A 46 kB
 * logged-in product page, alone in a loop: quality 0 takes 0.20 ms for 12.6 kB, quality 1
 * 0.23 ms for 12.4 kB, gzip level 1 0.52 ms for 12.3 kB, Brotli quality 2 0.46 ms for 11.4 kB.
 * In a loaded server, where a compressor's tables are no longer in the CPU's cache, the share of
 * the product page's CPU was 8-9% for quality 0 (three runs), 11% for quality 1 (its two-pass
 * buffers are larger) and 11-12% for gzip level 1 (three runs). A body too large to compress in line goes to the thread
 * pool, where quality 1 is worth its cost: on the 2.4 MB catalogue JSON it takes 9.5 ms for
 * 369 kB, quality 0 8 ms for 438 kB, gzip level 1 18.6 ms for 444 kB. gzip (level 1) is for
 * clients that do not take Brotli (browsers offer it over HTTPS only).
 */
const ANSWER_OPTIONS = {
  br: (body) => ({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: body.length <= IN_LINE_BYTES ? 0 : 1,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
    },
  }),
  gzip: () => ({ level: 1 }),
};

/** The smallest window (16 to 22 bits) that holds the body: Brotli's default is 4 MB a stream. */
const windowBits = (length) => Math.min(22, Math.max(16, Math.ceil(Math.log2(length + 1))));

/**
 * Up to this size a body is compressed in line: a page of tens of kB takes a fraction of a
 * millisecond, less than the trip to the thread pool costs (a zlib stream object, its callbacks).
 */
const IN_LINE_BYTES = 128 * 1024;

/** A whole body compressed once ("br" or "gzip"): in line when small, else on libuv's thread pool. */
export async function compressBody(body, encoding) {
  const options = ANSWER_OPTIONS[encoding](body);
  if (body.length <= IN_LINE_BYTES)
    return encoding === "br"
      ? zlib.brotliCompressSync(body, options)
      : zlib.gzipSync(body, options);
  return (encoding === "br" ? brotliAsync : gzipAsync)(body, options);
}

/** encodeVariants on libuv's thread pool: the event loop keeps answering while it runs. */
export async function encodeVariantsAsync(body, contentType) {
  if (!worthCompressing(body, contentType)) return { identity: body };
  const [gzip, br] = await Promise.all([
    gzipAsync(body, { level: 6 }),
    brotliAsync(body, brotliOptions(body)),
  ]);
  return variantsOf(body, gzip, br);
}
