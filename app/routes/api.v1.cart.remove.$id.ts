import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { removeCartLines } from "~/models/cart.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("DELETE");
}

/** DELETE /api/v1/cart/remove/{id}: someone else's line is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return loader();
  const user = await requireApiUser(request);
  const id = idParam(params.id);
  const removed = id === null ? 0 : await removeCartLines(db, user.id, [id]);
  if (removed === 0) return apiNotFound("Cart item not found");
  return jsonNoStore({ message: "Item removed" });
}
