import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { FORGOT_ANSWER, requestPasswordReset } from "~/models/password-reset.server";
import { assertSameOriginApi, clientAddress, jsonNoStore, readFields } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { fieldErrors, forgotPasswordSchema } from "~/utils/validation";

/**
 * POST /api/v1/password/forgot {email}: 200 {message} whether or not the account exists;
 * 400 {message, errors} for a malformed e-mail; 429 with Retry-After for too many from one address.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return jsonNoStore(
      { message: "Method not allowed." },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  assertSameOriginApi(request);
  const parsed = forgotPasswordSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return jsonNoStore({ message: Object.values(errors)[0], errors }, { status: 400 });
  }
  const address = clientAddress(request);
  const result = await requestPasswordReset(db, {
    email: parsed.data.email,
    clientAddress: address,
  });
  if (!result.ok) {
    securityEvent("password.reset_throttled", { address });
    return jsonNoStore(
      { message: result.message },
      { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } },
    );
  }
  securityEvent("password.reset_requested", { email: parsed.data.email, address });
  return jsonNoStore({ message: FORGOT_ANSWER });
}

export function loader() {
  return jsonNoStore(
    { message: "Method not allowed." },
    { status: 405, headers: { Allow: "POST" } },
  );
}
