import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { db } from "~/db/db.server";
import { signUp, verifyLogin } from "~/models/user.server";
import { clientAddress } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { PasswordHashingBusy } from "~/utils/password.server";
import { CREDENTIALS_REQUIRED, fieldErrors, loginSchema } from "~/utils/validation";
import type { SessionUser } from "./session.server";

/** Why a login did not succeed: the status to answer with and what to show next to the form. */
export class LoginFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 429 | 503,
    message: string,
    readonly fields: { email: string; errors: Record<string, string> },
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Validates e-mail and password and checks them with verifyLogin (throttle included). */
export async function checkCredentials(
  fields: Record<string, unknown>,
  request: Request,
): Promise<SessionUser> {
  const email = typeof fields.email === "string" ? fields.email : "";
  const parsed = loginSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const missing = !email.trim() || !fields.password;
    throw new LoginFailure(400, missing ? CREDENTIALS_REQUIRED : Object.values(errors)[0], {
      email,
      errors,
    });
  }
  const address = clientAddress(request);
  let result;
  try {
    result = await verifyLogin(db, { ...parsed.data, clientAddress: address });
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    securityEvent("hashing.busy", { what: "login", address });
    throw new LoginFailure(503, error.message, { email, errors: {} }, error.retryAfterS);
  }
  if (result.status === "throttled") {
    securityEvent("login.throttled", {
      email: parsed.data.email,
      address,
      scope: result.scope,
      waitMs: result.waitMs,
    });
    throw new LoginFailure(
      429,
      result.message,
      { email, errors: {} },
      Math.ceil(result.waitMs / 1000),
    );
  }
  if (result.status === "invalid") {
    securityEvent("login.failed", { email: parsed.data.email, address });
    throw new LoginFailure(401, result.message, { email, errors: {} });
  }
  return result.user;
}

/** Why a sign-up did not succeed: the status, the message, and the field it belongs to (null: the form). */
export class SignUpFailure extends Error {
  constructor(
    readonly status: 400 | 429 | 503,
    message: string,
    readonly field: "email" | "password" | null,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** A shopper's sign-up from either door, under the sign-up throttle and the bounded hashing. */
export async function registerShopper(
  request: Request,
  input: { email: string; password: string },
): Promise<SessionUser> {
  const address = clientAddress(request);
  let result;
  try {
    result = await signUp(db, { ...input, clientAddress: address });
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    securityEvent("hashing.busy", { what: "signup", address });
    throw new SignUpFailure(503, error.message, null, error.retryAfterS);
  }
  if (result.ok) return result.user;
  if (result.field === null) {
    securityEvent("signup.throttled", { address });
    throw new SignUpFailure(429, result.error, null, Math.ceil(result.retryAfterMs / 1000));
  }
  throw new SignUpFailure(400, result.error, result.field);
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) =>
    checkCredentials(Object.fromEntries(form), request),
  ),
  "form",
);
