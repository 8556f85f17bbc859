// The client build (build/client: hashed assets and the files copied from public/), served from
// memory, compressed once, with an ETag. Hashed files under /assets/ never change: a year, immutable.
import fs from "node:fs";
import path from "node:path";
import { encodeVariants, etagMatches, etagOf, pickEncoding } from "./encoding.mjs";

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const PUBLIC_FILE = "public, max-age=3600, stale-while-revalidate=86400";
/** Bigger files are streamed from disk instead of held in memory. */
const MAX_IN_MEMORY = 2 * 1024 * 1024;

function walk(dir, base = dir, out = new Map()) {
  let names;
  try {
    names = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const d of names) {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) walk(full, base, out);
    else if (d.isFile()) out.set("/" + path.relative(base, full).split(path.sep).join("/"), full);
  }
  return out;
}

/**
 * @param {string} clientDir the build's client folder
 * @param {string} publicPath the build's public path ("/")
 */
export function createStaticFiles(clientDir, publicPath = "/") {
  // The client build never changes while the server runs: list it once.
  const files = walk(clientDir);
  const assetsPrefix = `${publicPath.replace(/\/$/, "")}/assets/`;
  /** @type {Map<string, any>} */
  const loaded = new Map();

  function load(pathname) {
    let f = loaded.get(pathname);
    if (f) return f;
    const file = files.get(pathname);
    const stat = fs.statSync(file);
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const cacheControl = pathname.startsWith(assetsPrefix) ? IMMUTABLE : PUBLIC_FILE;
    if (stat.size > MAX_IN_MEMORY) {
      f = {
        file,
        type,
        cacheControl,
        size: stat.size,
        etag: `W/"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}"`,
      };
    } else {
      const body = fs.readFileSync(file);
      f = { type, cacheControl, variants: encodeVariants(body, type), etag: etagOf(body) };
    }
    loaded.set(pathname, f);
    return f;
  }

  /** Answers the request when it names a file of the client build; returns false otherwise. */
  return function serveStatic(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    let pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.includes("%")) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false;
      }
    }
    if (!files.has(pathname)) return false;
    const f = load(pathname);
    const headers = {
      "cache-control": f.cacheControl,
      etag: f.etag,
      "content-type": f.type,
      vary: "Accept-Encoding",
    };
    if (etagMatches(req.headers["if-none-match"], f.etag)) {
      res.writeHead(304, headers).end();
      return true;
    }
    if (f.file) {
      res.writeHead(200, { ...headers, "content-length": String(f.size) });
      if (req.method === "HEAD") res.end();
      else fs.createReadStream(f.file).pipe(res);
      return true;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"], Object.keys(f.variants));
    const body = f.variants[encoding];
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    res.writeHead(200, { ...headers, "content-length": String(body.length) });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}
