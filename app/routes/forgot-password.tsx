import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { db } from "~/db/db.server";
import { FORGOT_ANSWER, requestPasswordReset } from "~/models/password-reset.server";
import { assertSameOrigin, clientAddress } from "~/utils/http.server";
import { fieldErrors, forgotPasswordSchema } from "~/utils/validation";
import { FormError, SubmitButton, TextField } from "~/components/form-field";
import { headersWithRetryAfter } from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Forgot password | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

// A throttled or busy answer says when to come back (Retry-After).
export const headers = headersWithRetryAfter;

type ActionData = { email?: string; errors?: Record<string, string>; formError?: string };

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" ? FORGOT_ANSWER : null };
}

/** Always the same answer, whether or not the e-mail has an account (then a 303 to ?sent=1). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const fields = Object.fromEntries(await request.formData());
  const parsed = forgotPasswordSchema.safeParse(fields);
  if (!parsed.success) {
    return data<ActionData>(
      {
        email: typeof fields.email === "string" ? fields.email : "",
        errors: fieldErrors(parsed.error),
      },
      { status: 400 },
    );
  }
  const result = await requestPasswordReset(db, {
    email: parsed.data.email,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) {
    return data<ActionData>(
      { email: parsed.data.email, formError: result.message },
      { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } },
    );
  }
  return redirect("/forgot-password?sent=1", 303);
}

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const error = result?.errors?.email;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-extrabold tracking-tight">Forgot your password?</h1>
      {sent ? (
        <p role="status" className="mt-6 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {sent}
        </p>
      ) : (
        <p className="mt-2 text-sm text-gray-700">
          Enter the e-mail you signed up with and we will send you a link to choose a new password.
        </p>
      )}
      <Form method="post" noValidate className="mt-6 space-y-5">
        <FormError message={result?.formError} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.email}
          error={error}
        />
        <SubmitButton busy={busy} busyLabel="Sending...">
          Send reset link
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </div>
  );
}
