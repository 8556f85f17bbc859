import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { getApiCartItem, updateCartLine } from "~/models/cart.server";
import { jsonNoStore, readFields } from "~/utils/http.server";
import { cartLineQuantitySchema, fieldErrors } from "~/utils/validation";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("PATCH", "PUT");
}

/** PATCH /api/v1/cart/update/{id} {quantity}: someone else's line is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "PUT") return loader();
  const user = await requireApiUser(request);
  const id = idParam(params.id);
  if (id === null) return apiNotFound("Cart item not found");
  const body = await readFields(request);
  const quantity = cartLineQuantitySchema.safeParse(body.quantity ?? "");
  if (!quantity.success) {
    return jsonNoStore(
      {
        message: "Failed to sync quantity with server",
        errors: { quantity: fieldErrors(quantity.error).form },
      },
      { status: 400 },
    );
  }
  const result = await updateCartLine(db, user.id, id, quantity.data);
  if (!result.ok && result.reason === "line_not_found") return apiNotFound("Cart item not found");
  if (!result.ok) {
    return jsonNoStore(
      { message: `Only ${result.max} available`, quantity: result.quantity, max: result.max },
      { status: 409 },
    );
  }
  return jsonNoStore({
    message: "Cart updated",
    item: await getApiCartItem(db, user.id, result.lineId),
  });
}
