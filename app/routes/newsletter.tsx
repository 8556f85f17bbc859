import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { db } from "~/db/db.server";
import { newsletterSchema, subscribeNewsletter } from "~/models/newsletter.server";
import { assertSameOrigin, clientAddress } from "~/utils/http.server";
import { refererPath } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { pageMeta } from "~/utils/seo";
import { headersWithRetryAfter } from "~/utils/responses.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "E-mail sign-up",
    description: "Deals and new arrivals by e-mail.",
    path: "/newsletter",
    noindex: true,
  });

const THANKS = "Thanks for signing up! Watch your inbox for deals and new arrivals.";

/** Back to the page the form was on (a safe path on this site), never to the sign-up page itself. */
function backTo(request: Request): string {
  const to = refererPath(request, "/");
  return to === "/newsletter" || to.startsWith("/newsletter?") ? "/" : to;
}

// A throttled or busy answer says when to come back (Retry-After).
export const headers = headersWithRetryAfter;

/**
 * The footer's sign-up. A fetcher gets `{ok, message}` or the field error; a plain post is sent
 * back where it came from with a toast, or, when the address is invalid, shown this page with the
 * message beside the field and the typed value kept.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const raw = String(form.get("email") ?? "");
  const parsed = newsletterSchema.safeParse({ email: raw });
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        errors: { email: parsed.error.issues[0]?.message ?? "Enter a valid e-mail address" },
        email: raw,
      },
      { status: 400 },
    );
  }
  const outcome = await subscribeNewsletter(db, parsed.data.email, {
    clientAddress: clientAddress(request),
  });
  if (!outcome.ok) {
    return data(
      { ok: false as const, errors: { email: outcome.message }, email: raw },
      {
        status: 429,
        headers: { "Retry-After": String(Math.ceil(outcome.retryAfterMs / 1000)) },
      },
    );
  }
  // The same words for an address signed up before: nobody learns who is on the list.
  const message = THANKS;
  // A browser's own form post (no JavaScript) accepts HTML and expects to land on a page;
  // a fetcher asks for data.
  if (request.headers.get("Accept")?.includes("text/html")) {
    return redirectWithToast(backTo(request), { type: "success", message }, request);
  }
  return { ok: true as const, message };
}

export default function Newsletter() {
  const result = useActionData<typeof action>();
  const error = result && !result.ok ? result.errors.email : undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-extrabold">E-mail sign-up</h1>
      <p className="mt-2 text-gray-700">Deals and new arrivals, about twice a month.</p>
      <Form method="post" className="mt-6 flex flex-col gap-2" noValidate>
        <label htmlFor="newsletter-email" className="font-semibold">
          E-mail address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          placeholder="Your email address"
          defaultValue={result && !result.ok ? result.email : ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "newsletter-error" : undefined}
          className="rounded-md border border-gray-300 px-3 py-2"
        />
        {error ? (
          <p id="newsletter-error" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {result?.ok ? (
          <p role="status" className="text-sm text-emerald-700">
            {result.message}
          </p>
        ) : null}
        <button
          type="submit"
          className="mt-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Sign Up
        </button>
      </Form>
    </div>
  );
}
