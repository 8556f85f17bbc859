import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { listPaidOrdersForUser, toApiOrder } from "~/models/order/index.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/** GET /api/v1/userOrders: the user's paid orders, newest first, with items and payments. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const orders = await listPaidOrdersForUser(db, user.id);
  return jsonNoStore(orders.map(toApiOrder));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
