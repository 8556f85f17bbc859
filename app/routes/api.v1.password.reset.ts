import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { resetPassword } from "~/models/password-reset.server";
import { assertSameOriginApi, jsonNoStore, readFields } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { PasswordHashingBusy } from "~/utils/password.server";
import { fieldErrors, resetPasswordSchema } from "~/utils/validation";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/**
 * POST /api/v1/password/reset {token, password}: 200 {message}; the token then stops working and
 * every session and API token of the user ends. 400 {message, errors} for a bad token or password;
 * 503 with Retry-After when password hashing is busy.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return apiMethodNotAllowed("POST");
  }
  assertSameOriginApi(request);
  const parsed = resetPasswordSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return jsonNoStore({ message: Object.values(errors)[0], errors }, { status: 400 });
  }
  let result;
  try {
    result = await resetPassword(db, parsed.data);
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    securityEvent("hashing.busy", { what: "password-reset" });
    return jsonNoStore(
      { message: error.message },
      { status: 503, headers: { "Retry-After": String(error.retryAfterS) } },
    );
  }
  if (!result.ok) {
    return jsonNoStore(
      { message: result.error, errors: { [result.field]: result.error } },
      { status: 400 },
    );
  }
  securityEvent("password.changed", { userId: result.userId, via: "reset" });
  return jsonNoStore({ message: "Password changed. Log in with the new password." });
}

export function loader() {
  return apiMethodNotAllowed("POST");
}
