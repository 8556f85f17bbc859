import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getOrderForUser, toApiOrder } from "~/models/order.server";
import { jsonNoStore } from "~/utils/http.server";
import { idSchema } from "~/utils/validation";

/** GET /api/v1/orders/{orderId}: one of the user's orders; anyone else's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = idSchema.safeParse(params.orderId);
  const order = id.success ? await getOrderForUser(db, user.id, id.data) : null;
  if (!order) return jsonNoStore({ message: "Order not found" }, { status: 404 });
  return jsonNoStore(toApiOrder(order));
}
