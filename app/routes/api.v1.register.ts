import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { signUp } from "~/models/user.server";
import { assertSameOriginApi, clientAddress, jsonNoStore, readFields } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { PasswordHashingBusy } from "~/utils/password.server";
import { CREDENTIALS_REQUIRED, fieldErrors, signupSchema } from "~/utils/validation";

/**
 * POST /api/v1/register {email, password}: 201 {message, user:{id,email,role}}; 400 {message, errors};
 * 429 (too many sign-ups) and 503 (password hashing queue full) with Retry-After.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonNoStore({ message: "Method not allowed." }, { status: 405, headers: { Allow: "POST" } });
  assertSameOriginApi(request);
  const fields = await readFields(request);
  const parsed = signupSchema.safeParse(fields);
  if (!parsed.success) {
    const missing = !fields.email || !fields.password;
    const errors = fieldErrors(parsed.error);
    return jsonNoStore(
      { message: missing ? CREDENTIALS_REQUIRED : Object.values(errors)[0], errors },
      { status: 400 },
    );
  }
  const address = clientAddress(request);
  let result;
  try {
    result = await signUp(db, { ...parsed.data, clientAddress: address });
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    securityEvent("hashing.busy", { what: "signup", address });
    return jsonNoStore({ message: error.message }, { status: 503, headers: { "Retry-After": String(error.retryAfterS) } });
  }
  if (!result.ok && result.field === null) {
    securityEvent("signup.throttled", { address });
    const retryAfter = String(Math.ceil(result.retryAfterMs / 1000));
    return jsonNoStore({ message: result.error }, { status: 429, headers: { "Retry-After": retryAfter } });
  }
  if (!result.ok) return jsonNoStore({ message: result.error, errors: { [result.field]: result.error } }, { status: 400 });
  return jsonNoStore({ message: "Signup successful!", user: result.user }, { status: 201 });
}

export function loader() {
  return jsonNoStore({ message: "Method not allowed." }, { status: 405, headers: { Allow: "POST" } });
}
