import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { removeCartLines } from "~/models/cart.server";
import { jsonNoStore } from "~/utils/http.server";
import { idSchema } from "~/utils/validation";

export async function loader() {
  return jsonNoStore({ message: "Use DELETE." }, { status: 405, headers: { Allow: "DELETE" } });
}

/** DELETE /api/v1/cart/remove/{id}: someone else's line is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return loader();
  const user = await requireApiUser(request);
  const id = idSchema.safeParse(params.id);
  const removed = id.success ? await removeCartLines(db, user.id, [id.data]) : 0;
  if (removed === 0) return jsonNoStore({ message: "Cart item not found" }, { status: 404 });
  return jsonNoStore({ message: "Item removed" });
}
