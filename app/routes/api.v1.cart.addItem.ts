import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { addToCart, getApiCartItem } from "~/models/cart.server";
import { jsonNoStore, readFields } from "~/utils/http.server";
import { apiInvalid, apiMethodNotAllowed, apiNotFound } from "~/utils/responses.server";
import { readApiAddToCart } from "~/forms/cart";
import { variantErrorField } from "~/forms/variant-choice";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

/** POST /api/v1/cart/addItem {productId, quantity, wheelSize? | sizeId?, color? | colorId?} */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const user = await requireApiUser(request);
  const parsed = readApiAddToCart(await readFields(request));
  if (!parsed.ok) return apiInvalid("Failed to add", parsed.error);
  const result = await addToCart(db, user.id, parsed.input);
  if (result.ok) {
    return jsonNoStore({
      message: "Added to cart",
      added: result.added,
      item: await getApiCartItem(db, user.id, result.lineId),
    });
  }
  switch (result.reason) {
    case "not_found":
      return apiNotFound("Product not found");
    case "sold_out":
      return jsonNoStore({ message: "Sold Out" }, { status: 409 });
    case "invalid_option": {
      const field = variantErrorField(result, parsed.sent);
      return jsonNoStore(
        { message: result.message, errors: { [field]: result.message } },
        { status: 400 },
      );
    }
    case "limit":
      return jsonNoStore(
        { message: "No more of this item can be added", max: result.max },
        { status: 409 },
      );
  }
}
