import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormError, SubmitButton, TextField, useFocusFirstError } from "./form-field";

export type AuthFormData = {
  email?: string;
  formError?: string;
  errors?: Record<string, string | undefined>;
};

/**
 * The e-mail and password form of /login and /signup. Messages from the server sit next to
 * the fields; the typed e-mail is kept after a failed post (the password never is).
 */
export function AuthForm({
  mode,
  redirectTo,
  result,
}: {
  mode: "login" | "signup";
  redirectTo: string;
  result?: AuthFormData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(`/${mode}`);
  const errors = result?.errors ?? {};
  // After a refusal the focus is on the first field to fix (autoFocus: without JavaScript too).
  const fields = useFocusFirstError<HTMLFormElement>(result?.errors);
  // After a failed post the page is re-rendered without JavaScript; with it, clear the password here.
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (result && password.current) password.current.value = "";
  }, [result]);
  const title = mode === "login" ? "Log in" : "Create your account";
  const other = mode === "login" ? "/signup" : "/login";
  const otherHref = redirectTo ? `${other}?${new URLSearchParams({ redirectTo })}` : other;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
      <Form
        ref={fields}
        method="post"
        noValidate
        className="mt-6 space-y-5"
        aria-describedby={result?.formError ? "form-error" : undefined}
      >
        <FormError id="form-error" message={result?.formError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.email ?? ""}
          error={errors.email}
          // Only on a page answering a refused post, onto the field its message is about.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={Boolean(errors.email) || undefined}
        />
        <TextField
          ref={password}
          name="password"
          label="Password"
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          required
          minLength={mode === "signup" ? 8 : undefined}
          error={errors.password}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={(!errors.email && Boolean(errors.password)) || undefined}
          hint={mode === "signup" ? "At least 8 characters, not a common password." : undefined}
          after={
            mode === "login" ? (
              <p className="mt-2 text-sm">
                <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                  Forgot password?
                </Link>
              </p>
            ) : null
          }
        />
        {mode === "signup" ? (
          // A field people never see: bots that fill every input give themselves away.
          <div aria-hidden="true" className="hidden">
            <label htmlFor="website">Leave this field empty</label>
            <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
        ) : null}
        <SubmitButton
          busy={Boolean(busy)}
          busyLabel={mode === "login" ? "Logging in..." : "Signing up..."}
        >
          {mode === "login" ? "Log in" : "Sign up"}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        {mode === "login" ? "New here? " : "Already have an account? "}
        <Link to={otherHref} className="font-semibold text-brand-700 underline">
          {mode === "login" ? "Create an account" : "Log in"}
        </Link>
      </p>
    </div>
  );
}
