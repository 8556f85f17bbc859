import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { sessionKey } from "~/auth/session.server";
import { db } from "~/db/db.server";
import { changePassword } from "~/models/user.server";
import { securityEvent } from "~/utils/log.server";
import { PasswordHashingBusy } from "~/utils/password.server";
import { redirectWithToast } from "~/utils/toast.server";
import { changePasswordSchema, fieldErrors } from "~/utils/validation";

export const meta: MetaFunction = () => [
  { title: "Change password | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

type ActionData = { formError?: string; errors?: Record<string, string | undefined> };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** Current password required; every other session and API token of the account ends. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = changePasswordSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success)
    return data<ActionData>({ errors: fieldErrors(parsed.error) }, { status: 400 });
  let result;
  try {
    result = await changePassword(db, {
      userId: user.id,
      ...parsed.data,
      keepSessionId: await sessionKey(request),
    });
  } catch (error) {
    if (!(error instanceof PasswordHashingBusy)) throw error;
    return data<ActionData>(
      { formError: error.message },
      { status: 503, headers: { "Retry-After": String(error.retryAfterS) } },
    );
  }
  if (!result.ok)
    return data<ActionData>({ errors: { [result.field]: result.error } }, { status: 400 });
  securityEvent("password.changed", { userId: user.id });
  return redirectWithToast(
    "/userOrders",
    { type: "success", message: "Password changed. You were logged out everywhere else." },
    request,
  );
}

const input =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 aria-[invalid=true]:border-red-600";

function PasswordField({
  name,
  label,
  autoComplete,
  error,
  hint,
}: {
  name: string;
  label: string;
  autoComplete: string;
  error?: string;
  hint?: string;
}) {
  const described = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={input}
      />
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${name}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export default function ChangePasswordPage() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-extrabold tracking-tight">Change password</h1>
      <Form method="post" noValidate className="mt-6 space-y-5">
        {result?.formError ? (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {result.formError}
          </p>
        ) : null}
        <PasswordField
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <PasswordField
          name="newPassword"
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword}
          hint="At least 8 characters, not a common password."
        />
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-ink-900 px-4 py-2.5 font-semibold text-white hover:bg-black disabled:opacity-60"
        >
          {busy ? "Saving..." : "Change password"}
        </button>
      </Form>
    </div>
  );
}
