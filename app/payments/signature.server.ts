import crypto from "node:crypto";

/** Outcome of checking a signature: "malformed" means it is not 64 hex characters. */
export type SignatureCheck = "ok" | "mismatch" | "malformed";

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export function hmacSha256Hex(secret: string, text: string | Buffer): string {
  return crypto.createHmac("sha256", secret).update(text).digest("hex");
}

/**
 * Compares a hex signature with the one we compute, in constant time.
 * The one check used for payment callbacks (Razorpay and the sandbox) and for webhooks.
 */
export function checkSignature(
  secret: string,
  signedText: string | Buffer,
  given: unknown,
): SignatureCheck {
  if (typeof given !== "string" || !HEX_SHA256.test(given)) return "malformed";
  const expected = Buffer.from(hmacSha256Hex(secret, signedText), "hex");
  const actual = Buffer.from(given, "hex");
  return crypto.timingSafeEqual(expected, actual) ? "ok" : "mismatch";
}

/** Razorpay's payment signature: HMAC_SHA256(order_id + "|" + payment_id) keyed with the key secret. */
export function checkPaymentSignature(
  secret: string,
  input: { razorpayOrderId: string; razorpayPaymentId: string; signature: unknown },
): SignatureCheck {
  return checkSignature(
    secret,
    `${input.razorpayOrderId}|${input.razorpayPaymentId}`,
    input.signature,
  );
}

export function signPayment(
  secret: string,
  razorpayOrderId: string,
  razorpayPaymentId: string,
): string {
  return hmacSha256Hex(secret, `${razorpayOrderId}|${razorpayPaymentId}`);
}

/** Ids shaped like Razorpay's: a prefix and 14 characters of base62. */
export function razorpayStyleId(prefix: "order" | "pay" | "rfnd"): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const bytes = crypto.randomBytes(14);
  let id = "";
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return `${prefix}_${id}`;
}
