import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { createUser } from "~/models/user.server";
import { assertSameOriginApi, jsonNoStore, readFields } from "~/utils/http.server";
import { CREDENTIALS_REQUIRED, fieldErrors, signupSchema } from "~/utils/validation";

/** POST /api/v1/register {email, password}: 201 {message, user:{id,email,role}}; 400 {message, errors}. */
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
  const result = await createUser(db, parsed.data);
  if (!result.ok) return jsonNoStore({ message: result.error, errors: { email: result.error } }, { status: 400 });
  return jsonNoStore({ message: "Signup successful!", user: result.user }, { status: 201 });
}

export function loader() {
  return jsonNoStore({ message: "Method not allowed." }, { status: 405, headers: { Allow: "POST" } });
}
