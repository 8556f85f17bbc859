import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/utils/redirect.server";
import { registerShopper, SignUpFailure } from "~/auth/authenticator.server";
import { getUser } from "~/auth/session.server";
import { AuthForm, type AuthFormData } from "~/components/auth-form";
import { assertSameOrigin } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  CREDENTIALS_REQUIRED,
  fieldErrors,
  signupSchema,
  withoutRequired,
} from "~/utils/validation";
import { headersWithRetryAfter } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Sign up | Overland 4x4 Gear" }];

// A throttled or busy answer says when to come back (Retry-After).
export const headers = headersWithRetryAfter;

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
  if (typeof form.website === "string" && form.website !== "")
    return redirectWithToast(loginUrl, success, request);

  const email = typeof form.email === "string" ? form.email : "";
  const parsed = signupSchema.safeParse(form);
  if (!parsed.success) {
    const missing = !email.trim() || !form.password;
    return data<AuthFormData>(
      {
        email,
        errors: withoutRequired(fieldErrors(parsed.error)),
        formError: missing ? CREDENTIALS_REQUIRED : undefined,
      },
      { status: 400 },
    );
  }
  try {
    await registerShopper(request, parsed.data);
  } catch (error) {
    if (!(error instanceof SignUpFailure)) throw error;
    const headers: HeadersInit = error.retryAfterS
      ? { "Retry-After": String(error.retryAfterS) }
      : {};
    const shown = error.field
      ? { errors: { [error.field]: error.message } }
      : { formError: error.message };
    return data<AuthFormData>({ email, ...shown }, { status: error.status, headers });
  }
  return redirectWithToast(loginUrl, success, request);
}

export default function Signup() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <AuthForm mode="signup" redirectTo={redirectTo} result={result} />;
}
