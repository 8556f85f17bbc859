import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getOrderForViewer, toApiOrder } from "~/models/order/index.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

/** GET /api/v1/orders/{orderId}: one of the user's orders (an admin's: any order); else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = idParam(params.orderId);
  const order = id === null ? null : await getOrderForViewer(db, user, id);
  if (!order) return apiNotFound("Order not found");
  return jsonNoStore(toApiOrder(order));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
