import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { addToCart, getApiCartItem } from "~/models/cart.server";
import { jsonNoStore, readFields } from "~/utils/http.server";
import { idSchema, quantitySchema } from "~/utils/validation";
import { apiInvalid, apiMethodNotAllowed, apiNotFound } from "~/utils/responses.server";
import { variantChoice, variantChoiceFields, variantErrorField } from "~/forms/variant-choice";

const schema = z.object({
  productId: idSchema,
  quantity: quantitySchema.optional().default(1),
  /** The spec's `wheelSize` (a label), or `sizeId`: a label shared by two sizes needs the id. */
  ...variantChoiceFields,
});

export async function loader() {
  return apiMethodNotAllowed("POST");
}

/** POST /api/v1/cart/addItem {productId, quantity, wheelSize? | sizeId?, color? | colorId?} */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const user = await requireApiUser(request);
  const parsed = schema.safeParse(await readFields(request));
  if (!parsed.success) {
    return apiInvalid("Failed to add", parsed.error);
  }
  const { productId, quantity } = parsed.data;
  const choice = variantChoice(parsed.data);
  const result = await addToCart(db, user.id, {
    productId,
    quantity,
    size: choice.sizeLabel,
    color: choice.colorName,
    sizeId: choice.sizeId,
    colorId: choice.colorId,
  });
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
      const field = variantErrorField(result, parsed.data);
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
