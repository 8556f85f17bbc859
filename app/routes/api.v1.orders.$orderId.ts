import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getOrderForUser, toApiOrder } from "~/models/order/index.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiNotFound, idParam } from "~/utils/responses.server";

/** GET /api/v1/orders/{orderId}: one of the user's orders; anyone else's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = idParam(params.orderId);
  const order = id === null ? null : await getOrderForUser(db, user.id, id);
  if (!order) return apiNotFound("Order not found");
  return jsonNoStore(toApiOrder(order));
}
