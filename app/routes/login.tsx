import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { authenticator, LoginFailure } from "~/auth/authenticator.server";
import { safeRedirectPath } from "~/utils/redirect.server";
import { createUserSession, getUser } from "~/auth/session.server";
import { AuthForm, type AuthFormData } from "~/components/auth-form";
import { assertSameOrigin } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CREDENTIALS_REQUIRED, withoutRequired } from "~/utils/validation";
import { headersWithRetryAfter } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Log in | Overland 4x4 Gear" }];

// A throttled or busy answer says when to come back (Retry-After).
export const headers = headersWithRetryAfter;

/**
 * Where a login leads: a shopper back to `redirectTo` (the page they were on) or home; an admin to
 * the dashboard (SPEC: "After login an admin goes to /admin/dashboard"), or back to the admin page
 * that sent them to log in.
 */
function afterLogin(role: string, redirectTo: string): string {
  if (role !== "admin") return redirectTo || "/";
  return /^\/admin(?:[/?#]|$)/.test(redirectTo) ? redirectTo : "/admin/dashboard";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  const user = await getUser(request);
  if (user) throw redirect(afterLogin(user.role, redirectTo));
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.clone().formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "");
  let user;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof LoginFailure)) throw error;
    const headers: HeadersInit = error.retryAfterS
      ? { "Retry-After": String(error.retryAfterS) }
      : {};
    return data<AuthFormData>(
      {
        email: error.fields.email,
        errors: withoutRequired(error.fields.errors),
        // A format problem is shown next to its field; everything else above the form.
        formError:
          error.status !== 400 || error.message === CREDENTIALS_REQUIRED
            ? error.message
            : undefined,
      },
      { status: error.status, headers },
    );
  }
  const cookie = await createUserSession(request, user.id);
  return redirectWithToast(
    afterLogin(user.role, redirectTo),
    { type: "success", message: "Login successful!" },
    request,
    { headers: { "Set-Cookie": cookie } },
  );
}

export default function Login() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <AuthForm mode="login" redirectTo={redirectTo} result={result} />;
}
