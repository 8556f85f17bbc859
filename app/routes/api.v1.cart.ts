import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { apiCartItem, cartProductDescriptions, getCartSummary } from "~/models/cart.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/** GET /api/v1/cart: the user's cart, prices read from the products now (integer paise). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const [cart, descriptions] = await Promise.all([
    getCartSummary(db, user.id),
    cartProductDescriptions(db, user.id),
  ]);
  return jsonNoStore({
    items: cart.lines.map((l) => apiCartItem(l, descriptions.get(l.productId))),
    totalQuantity: cart.totalQuantity,
    totalAmount: cart.totalPaise,
  });
}

export function action() {
  return apiMethodNotAllowed("GET");
}
