import { data, redirect, type HeadersFunction } from "@remix-run/node";
import { isFetcherSubmission } from "~/components/fetcher-flag";
import type { ZodError } from "zod";
import { fieldErrors, idSchema } from "./validation";
import { dataWithToast, redirectWithToast, type ToastInput } from "./toast.server";
import { jsonNoStore } from "./http.server";

/**
 * Throws an HTTP answer (a 404 page unless told otherwise) when `condition` does not hold; the
 * route's error boundary shows it. After the call TypeScript knows the condition holds.
 */
export function invariantResponse(
  condition: unknown,
  message = "Not Found",
  init: ResponseInit = { status: 404 },
): asserts condition {
  if (!condition) throw new Response(message, init);
}

/**
 * A route's `headers` that keeps the `Retry-After` of its action's or loader's answer (a throttled
 * or busy form made with data()). Remix passes nothing but Set-Cookie from an action or loader to
 * the page or data answer of a route without a `headers` export: a login refused with 429 went out
 * without it.
 */
export const headersWithRetryAfter: HeadersFunction = ({
  actionHeaders,
  loaderHeaders,
  parentHeaders,
}) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** Throws the 404 page. */
export function notFound(message = "Not Found"): never {
  throw new Response(message, { status: 404 });
}

/** A route parameter that names a row by its id: a positive whole number, else null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const parsed = idSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The id in a page route's parameter, or the 404 page. */
export function requireIdParam(value: string | undefined): number {
  const id = idParam(value);
  invariantResponse(id !== null);
  return id;
}

/**
 * One page of a JSON list (`?page=` of the API's listings): the items, with the match count in
 * X-Total-Count and the page count in X-Page-Count.
 */
export function apiPage(items: unknown[], total: number, pageCount: number) {
  return Response.json(items, {
    headers: { "X-Total-Count": String(total), "X-Page-Count": String(pageCount) },
  });
}

/** The JSON API's 404: `{ message }`, never stored by a cache. */
export function apiNotFound(message: string) {
  return jsonNoStore({ message }, { status: 404 });
}

/**
 * How a page action answers, one way for every form: a fetcher (JavaScript on) gets the data and
 * the toast (toasts ride only on 2xx answers, since loaders revalidate only after those; a 4xx
 * carries its message in the data); a plain post, with or without JavaScript, gets a 303 to `to`
 * with the toast.
 */
export function formReply(request: Request, form: FormData) {
  const viaFetcher = isFetcherSubmission(form);
  return {
    viaFetcher,
    async send<T>(
      result: T,
      toast: ToastInput | null,
      { to, status = 200 }: { to: string; status?: number },
    ) {
      if (viaFetcher) {
        return toast && status < 400
          ? dataWithToast(result, toast, request, { status })
          : data(result, { status });
      }
      return toast ? redirectWithToast(to, toast, request) : redirect(to, 303);
    },
  };
}

type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * The JSON API's 405 for a method a route does not take, naming the ones it does (`Allow`; a GET
 * route answers HEAD too). Every API route answers its other methods with it: a route that only
 * reads exports `action` returning `apiMethodNotAllowed("GET")`, one that only writes a `loader`.
 */
export function apiMethodNotAllowed(...allow: [ApiMethod, ...ApiMethod[]]) {
  const methods: string[] = allow.includes("GET") ? [...allow, "HEAD"] : allow;
  return jsonNoStore(
    { message: `Use ${allow.join(" or ")}.` },
    { status: 405, headers: { Allow: methods.join(", ") } },
  );
}

/** The JSON API's 400 for a body that failed its schema: a message and the error of each field. */
export function apiInvalid(message: string, error: ZodError) {
  return jsonNoStore({ message, errors: fieldErrors(error) }, { status: 400 });
}
