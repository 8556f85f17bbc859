import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiNotFound } from "~/utils/responses.server";

/**
 * Any /api/v1 path no other route claims, whatever the method: the JSON API's 404 (not the HTML
 * page of `$.tsx`, nor Remix's 405 for a route without an action).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiNotFound(`No API endpoint at ${new URL(request.url).pathname}`);
}

export const action = loader;
