import type { ActionFunctionArgs } from "@remix-run/node";
import { checkCredentials, LoginFailure } from "~/auth/authenticator.server";
import { db } from "~/db/db.server";
import { issueApiToken } from "~/models/api-token.server";
import { assertSameOriginApi, jsonNoStore, readFields } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/**
 * POST /api/v1/login {email, password}: 200 {token, user:{id,email,role}}. Wrong credentials:
 * 401; too many failures: 429 with Retry-After; invalid input: 400 {message, errors}.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  assertSameOriginApi(request);
  const fields = await readFields(request);
  try {
    const user = await checkCredentials(fields, request);
    const { token, expiresAt } = await issueApiToken(db, user.id);
    return jsonNoStore({
      token,
      expiresAt,
      user: { id: user.id, email: user.email, role: user.role },
    });
  } catch (error) {
    if (!(error instanceof LoginFailure)) throw error;
    const headers: HeadersInit = error.retryAfterS
      ? { "Retry-After": String(error.retryAfterS) }
      : {};
    const body =
      error.status === 400
        ? { message: error.message, errors: error.fields.errors }
        : { message: error.message };
    return jsonNoStore(body, { status: error.status, headers });
  }
}

export function loader() {
  return apiMethodNotAllowed("POST");
}
