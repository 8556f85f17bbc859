import type { ActionFunctionArgs } from "@remix-run/node";
import { registerShopper, SignUpFailure } from "~/auth/authenticator.server";
import { assertSameOriginApi, jsonNoStore, readFields } from "~/utils/http.server";
import { CREDENTIALS_REQUIRED, fieldErrors, signupSchema } from "~/utils/validation";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/**
 * POST /api/v1/register {email, password}: 201 {message, user:{id,email,role}}; 400 {message, errors};
 * 429 (too many sign-ups) and 503 (password hashing queue full) with Retry-After.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
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
  try {
    const user = await registerShopper(request, parsed.data);
    return jsonNoStore({ message: "Signup successful!", user }, { status: 201 });
  } catch (error) {
    if (!(error instanceof SignUpFailure)) throw error;
    const headers: HeadersInit = error.retryAfterS
      ? { "Retry-After": String(error.retryAfterS) }
      : {};
    const errors = error.field ? { errors: { [error.field]: error.message } } : {};
    return jsonNoStore({ message: error.message, ...errors }, { status: error.status, headers });
  }
}

export function loader() {
  return apiMethodNotAllowed("POST");
}
