import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { listAddresses } from "~/models/address.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/** GET /api/v1/getBillingAddresses: the user's saved addresses, a plain array, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return jsonNoStore(await listAddresses(db, user.id));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
