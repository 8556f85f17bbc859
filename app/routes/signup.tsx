import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/utils/redirect.server";
import { getUser } from "~/auth/session.server";
import { AuthForm, type AuthFormData } from "~/components/auth-form";
import { db } from "~/db/db.server";
import { signUp } from "~/models/user.server";
import { assertSameOrigin, clientAddress } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { PasswordHashingBusy } from "~/utils/password.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CREDENTIALS_REQUIRED, fieldErrors, signupSchema, withoutRequired } from "~/utils/validation";

export const meta: MetaFunction = () => [{ title: "Sign up | Overland 4x4 Gear" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await getUser(request)) throw redirect(redirectTo || "/");
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = Object.fromEntries(await request.formData());
  const redirectTo = safeRedirectPath(form.redirectTo, "");
  const loginUrl = redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  const success = { type: "success", message: "Signup successful!" } as const;

  // The honeypot was filled: a bot. Answer as if it worked, create nothing.
  if (typeof form.website === "string" && form.website !== "") return redirectWithToast(loginUrl, success, request);

  const email = typeof form.email === "string" ? form.email : "";
  const parsed = signupSchema.safeParse(form);
  if (!parsed.success) {
    const missing = !email.trim() || !form.password;
    return data<AuthFormData>(
      { email, errors: withoutRequired(fieldErrors(parsed.error)), formError: missing ? CREDENTIALS_REQUIRED : undefined },
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
    return data<AuthFormData>(
      { email, formError: error.message },
      { status: 503, headers: { "Retry-After": String(error.retryAfterS) } },
    );
  }
  if (!result.ok && result.field === null) {
    securityEvent("signup.throttled", { address });
    return data<AuthFormData>(
      { email, formError: result.error },
      { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } },
    );
  }
  if (!result.ok) return data<AuthFormData>({ email, errors: { [result.field]: result.error } }, { status: 400 });
  return redirectWithToast(loginUrl, success, request);
}

export default function Signup() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <AuthForm mode="signup" redirectTo={redirectTo} result={result} />;
}
