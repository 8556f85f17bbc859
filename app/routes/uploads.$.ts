import fs from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";
import { IMAGE_WIDTHS, isImageKey } from "~/utils/images";

const FILE = new RegExp(`^(.+)-(${IMAGE_WIDTHS.join("|")})\\.webp$`);

/**
 * Serves stored product images. Only files the shop wrote itself (re-encoded WebP, named
 * `<key>-<width>.webp`) can be reached; names never change, so they are cached for a year.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const name = params["*"] ?? "";
  const match = FILE.exec(name);
  if (!match || !isImageKey(match[1])) throw new Response("Not Found", { status: 404 });
  const root = path.resolve(getEnv().UPLOADS_DIR);
  const file = path.resolve(root, name);
  if (!file.startsWith(root + path.sep)) throw new Response("Not Found", { status: 404 });
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    throw new Response("Not Found", { status: 404 });
  }
  return new Response(createReadableStreamFromReadable(fs.createReadStream(file)), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stat.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
