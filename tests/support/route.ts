import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

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
