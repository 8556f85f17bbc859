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
import { FormError, SubmitButton, TextField, useFocusFirstError } from "~/components/form-field";
import { headersWithRetryAfter } from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Change password | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

// A throttled or busy answer says when to come back (Retry-After).
export const headers = headersWithRetryAfter;

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

export default function ChangePasswordPage() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  // After a refusal the focus is on the first field to fix (autoFocus: without JavaScript too).
  const fields = useFocusFirstError<HTMLFormElement>(result?.errors);
  const first = errors.currentPassword
    ? "currentPassword"
    : errors.newPassword
      ? "newPassword"
      : null;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-extrabold tracking-tight">Change password</h1>
      <Form ref={fields} method="post" noValidate className="mt-6 space-y-5">
        <FormError message={result?.formError} />
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
          autoFocus={first === "currentPassword" || undefined}
        />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.newPassword}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
          autoFocus={first === "newPassword" || undefined}
          hint="At least 8 characters, not a common password."
        />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Change password
        </SubmitButton>
      </Form>
    </div>
  );
}
