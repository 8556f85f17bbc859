import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { takeToasts } from "~/utils/toast.server";

/** Route arguments as Remix passes them. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as unknown as ActionFunctionArgs & LoaderFunctionArgs;

/**
 * Calls a loader or action as the server does and gives back the Response it would send: a thrown
 * Response (a redirect, a 404) is caught, and `data(value, init)` or a plain value becomes its JSON
 * answer.
 */
export async function callRoute(
  handler: (a: ActionFunctionArgs & LoaderFunctionArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  let response: unknown;
  try {
    response = await handler(routeArgs(request, params));
  } catch (thrown) {
    response = thrown;
  }
  const d = response as { type?: string; data?: unknown; init?: ResponseInit };
  if (d?.type === "DataWithResponseInit") response = Response.json(d.data, d.init ?? {});
  // A plain value is what a loader returns: Remix answers it as JSON.
  return response instanceof Response ? response : Response.json(response);
}

/** The toasts a redirect carries (its flash cookie), as the next page would show them. */
export async function toastsOf(res: Response): Promise<string[]> {
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { toasts } = await takeToasts(
    new Request("http://localhost/", { headers: { Cookie: cookie } }),
  );
  return toasts.map((x) => x.message);
}
