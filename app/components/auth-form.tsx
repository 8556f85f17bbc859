import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

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
  // After a failed post the page is re-rendered without JavaScript; with it, clear the password here.
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (result && password.current) password.current.value = "";
  }, [result]);
  const title = mode === "login" ? "Log in" : "Create your account";
  const other = mode === "login" ? "/signup" : "/login";
  const otherHref = redirectTo ? `${other}?${new URLSearchParams({ redirectTo })}` : other;
  const input =
    "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 aria-[invalid=true]:border-red-600";

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
      <Form method="post" noValidate className="mt-6 space-y-5" aria-describedby={result?.formError ? "form-error" : undefined}>
        {result?.formError ? (
          <p id="form-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {result.formError}
          </p>
        ) : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div>
          <label htmlFor="email" className="block text-sm font-semibold">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={result?.email ?? ""}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? "email-error" : undefined}
            className={input}
          />
          {errors.email ? (
            <p id="email-error" className="mt-1 text-sm text-red-700">
              {errors.email}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-semibold">
            Password
          </label>
          <input
            ref={password}
            id="password"
            name="password"
            type="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            required
            minLength={mode === "signup" ? 8 : undefined}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? "password-error" : mode === "signup" ? "password-hint" : undefined}
            className={input}
          />
          {errors.password ? (
            <p id="password-error" className="mt-1 text-sm text-red-700">
              {errors.password}
            </p>
          ) : mode === "signup" ? (
            <p id="password-hint" className="mt-1 text-sm text-gray-600">
              At least 8 characters.
            </p>
          ) : null}
          {mode === "login" ? (
            <p className="mt-2 text-sm">
              <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
                Forgot password?
              </Link>
            </p>
          ) : null}
        </div>
        {mode === "signup" ? (
          // A field people never see: bots that fill every input give themselves away.
          <div aria-hidden="true" className="hidden">
            <label htmlFor="website">Leave this field empty</label>
            <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-ink-900 px-4 py-2.5 font-semibold text-white hover:bg-black disabled:opacity-60"
        >
          {mode === "login" ? (busy ? "Logging in..." : "Log in") : busy ? "Signing up..." : "Sign up"}
        </button>
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
