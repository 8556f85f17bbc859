import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { db } from "~/db/db.server";
import { RESET_INVALID, resetPassword, resetTokenUsable } from "~/models/password-reset.server";
import { assertSameOrigin } from "~/utils/http.server";
import { securityEvent } from "~/utils/log.server";
import { PasswordHashingBusy } from "~/utils/password.server";
import { headersWithRetryAfter } from "~/utils/responses.server";
import { redirectWithToast } from "~/utils/toast.server";
import { fieldErrors, resetPasswordSchema } from "~/utils/validation";
import { SubmitButton, TextField } from "~/components/form-field";

export const meta: MetaFunction = () => [
  { title: "Choose a new password | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

// The token is in the URL: no cache keeps the page, and no Referer goes to any other site (the
// shop's default would send the origin). Not no-referrer: under it a browser posts the page's own
// form with "Origin: null", which the cross-site check refuses.
const privateHeaders = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
export const headers: HeadersFunction = (args) => {
  // And a busy answer says when to come back (Retry-After).
  const headers = new Headers(headersWithRetryAfter(args));
  for (const [name, value] of Object.entries(privateHeaders)) headers.set(name, value);
  return headers;
};

type ActionData = { errors?: Record<string, string>; formError?: string };

export async function loader({ params }: LoaderFunctionArgs) {
  const usable = await resetTokenUsable(db, params.token ?? "");
  return data(
    { usable, message: usable ? null : RESET_INVALID },
    { status: usable ? 200 : 410, headers: privateHeaders },
  );
}

/** Sets the password once, ends every session and API token, then sends the shopper to log in. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const parsed = resetPasswordSchema.safeParse({
    token: params.token,
    password: form.get("password"),
  });
  if (!parsed.success)
    return data<ActionData>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  let result;
  try {
    result = await resetPassword(db, parsed.data);
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    return data<ActionData>(
      { formError: error.message },
      { status: 503, headers: { "Retry-After": String(error.retryAfterS) } },
    );
  }
  if (!result.ok) {
    return data<ActionData>(
      result.field === "token"
        ? { formError: result.error }
        : { errors: { password: result.error } },
      { status: 400 },
    );
  }
  securityEvent("password.changed", { userId: result.userId, via: "reset" });
  return redirectWithToast(
    "/login",
    {
      type: "success",
      message: "Your password is set. Log in with it; every other session was logged out.",
    },
    request,
  );
}

export default function ResetPasswordPage() {
  const { usable, message } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = result?.errors?.password;
  if (!usable) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12">
        <h1 className="text-2xl font-extrabold tracking-tight">Reset link not valid</h1>
        <p className="mt-4 text-gray-700">{message}</p>
        <p className="mt-6">
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-extrabold tracking-tight">Choose a new password</h1>
      <Form method="post" noValidate className="mt-6 space-y-5">
        {result?.formError ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {result.formError}{" "}
            <Link to="/forgot-password" className="underline">
              Ask for a new link
            </Link>
          </p>
        ) : null}
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={error}
          hint="At least 8 characters, not a common password."
        />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Set new password
        </SubmitButton>
      </Form>
    </div>
  );
}
