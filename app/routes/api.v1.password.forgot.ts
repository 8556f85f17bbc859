import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { FORGOT_ANSWER, requestPasswordReset } from "~/models/password-reset.server";
import { assertSameOriginApi, clientAddress, jsonNoStore, readFields } from "~/utils/http.server";
import { fieldErrors, forgotPasswordSchema } from "~/utils/validation";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/**
 * POST /api/v1/password/forgot {email}: 200 {message} whether or not the account exists;
 * 400 {message, errors} for a malformed e-mail; 429 with Retry-After for too many from one address.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") {
    return apiMethodNotAllowed("POST");
  }
  assertSameOriginApi(request);
  const parsed = forgotPasswordSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return jsonNoStore({ message: Object.values(errors)[0], errors }, { status: 400 });
  }
  const result = await requestPasswordReset(db, {
    email: parsed.data.email,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) {
    return jsonNoStore(
      { message: result.message },
      { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } },
    );
  }
  return jsonNoStore({ message: FORGOT_ANSWER });
}

export function loader() {
  return apiMethodNotAllowed("POST");
}
