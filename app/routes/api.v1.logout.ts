import type { ActionFunctionArgs } from "@remix-run/node";
import { bearerToken, requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { revokeApiToken } from "~/models/api-token.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/** POST /api/v1/logout with a bearer token: revokes that token. 401 without a valid one. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  await requireApiUser(request);
  await revokeApiToken(db, bearerToken(request)!);
  return jsonNoStore({ message: "Logged out." });
}

export function loader() {
  return apiMethodNotAllowed("POST");
}
