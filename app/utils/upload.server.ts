import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { PRODUCT_IMAGE_LIMITS } from "./images";

/** Limits of one multipart request (admin product form and its API twin). */
export type UploadLimits = {
  /** Largest accepted file, in bytes. */
  maxFileSize: number;
  /** Most files in one request. */
  maxFiles: number;
  /** Largest whole request body, in bytes (files and fields). */
  maxTotalSize: number;
  /** Most parts (fields and files) in one request; more makes the body unreadable. Default 2000. */
  maxParts?: number;
  /** Largest text field, in bytes. */
  maxFieldSize: number;
};

export const PRODUCT_UPLOAD_LIMITS: UploadLimits = {
  maxFileSize: PRODUCT_IMAGE_LIMITS.fileMb * 1024 * 1024,
  maxFiles: PRODUCT_IMAGE_LIMITS.files,
  maxTotalSize: PRODUCT_IMAGE_LIMITS.totalMb * 1024 * 1024,
  maxFieldSize: 100 * 1024,
};

const MB = 1024 * 1024;

/** The request body is larger than the whole-request cap: nothing of it is kept. */
/** The message for a multipart body that cannot be parsed (broken framing, too many parts). */
export const FORM_UNREADABLE = "The form could not be read.";

export class UploadTooLargeError extends Error {
  constructor(limit: number) {
    super(`The upload is larger than ${Math.round(limit / MB)} MB in total.`);
  }
}

export type ParsedUpload = {
  formData: FormData;
  /** Files left out because of a limit, by field name: the message to show next to that field. */
  fileErrors: Record<string, string>;
};

/**
 * Reads a multipart body under `limits`. A file over the size limit, or past the file count, is
 * drained and left out with a message for its field, so the rest of the form (what was typed)
 * still arrives; a body over the total cap is refused outright. Empty file inputs are skipped.
 */
export async function parseMultipartUpload(
  request: Request,
  limits: UploadLimits = PRODUCT_UPLOAD_LIMITS,
): Promise<ParsedUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limits.maxTotalSize) throw new UploadTooLargeError(limits.maxTotalSize);

  const fileErrors: Record<string, string> = {};
  let total = 0;
  let files = 0;

  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    parts += 1;
    if (parts > (limits.maxParts ?? 2000)) throw new Error("too many parts in the form");
    const isFile = typeof filename === "string";
    const cap = isFile ? limits.maxFileSize : limits.maxFieldSize;
    const chunks: Uint8Array[] = [];
    let size = 0;
    let keep = true;
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > limits.maxTotalSize) throw new UploadTooLargeError(limits.maxTotalSize);
      size += chunk.byteLength;
      if (size > cap) keep = false;
      if (keep) chunks.push(chunk);
    }
    if (!isFile) {
      if (!keep) {
        fileErrors[name] = "This field is too long.";
        return undefined;
      }
      return new TextDecoder().decode(concat(chunks, size));
    }
    // A file input left empty still sends a nameless, empty part.
    if (!filename && size === 0) return undefined;
    if (!keep) {
      fileErrors[name] =
        `${filename || "A file"} is larger than ${Math.round(limits.maxFileSize / MB)} MB.`;
      return undefined;
    }
    files += 1;
    if (files > limits.maxFiles) {
      fileErrors[name] = `At most ${limits.maxFiles} images can be uploaded at once.`;
      return undefined;
    }
    return new File([concat(chunks, size)], filename || "upload", { type: contentType });
  };

  const formData = await unstable_parseMultipartFormData(request, handler);
  return { formData, fileErrors };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "")
    .toLowerCase()
    .startsWith("multipart/form-data");
}

export type ImageType = "jpeg" | "png" | "webp" | "avif";

/**
 * What an uploaded image really is, judged by its first bytes (never by its name or the type the
 * browser claims). Anything but JPEG, PNG, WebP or AVIF answers null: SVG, HTML, GIF, PDF...
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  const ascii = (i: number, text: string) => at(i, ...Array.from(text, (c) => c.charCodeAt(0)));
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (bytes.length >= 12 && ascii(0, "RIFF") && ascii(8, "WEBP")) return "webp";
  if (bytes.length >= 16 && ascii(4, "ftyp")) {
    // ISO-BMFF: the box holds a major brand and a list of compatible brands.
    const boxSize = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
    const end = Math.min(boxSize, bytes.length, 4096);
    for (let i = 8; i + 4 <= end; i += 4) {
      if (i === 12) continue; // minor version
      if (ascii(i, "avif") || ascii(i, "avis")) return "avif";
    }
  }
  return null;
}

/** The body of a form post: multipart under the product limits, or a plain urlencoded form. */
export async function readFormBody(
  request: Request,
  limits: UploadLimits = PRODUCT_UPLOAD_LIMITS,
): Promise<ParsedUpload> {
  if (isMultipart(request)) return parseMultipartUpload(request, limits);
  return { formData: await request.formData(), fileErrors: {} };
}
