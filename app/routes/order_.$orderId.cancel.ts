import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { cancelOrderByShopper } from "~/models/return.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { redirectWithToast } from "~/utils/toast.server";
import { idSchema } from "~/utils/validation";

export const loader = ({ params }: ActionFunctionArgs) => redirect(`/order/${params.orderId}`);

/** POST /order/{id}/cancel: the shopper cancels an order that has not shipped (303 back to it). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = idSchema.safeParse(params.orderId);
  if (!id.success) throw new Response("Not Found", { status: 404 });
  const result = await cancelOrderByShopper(db, getPaymentGateway(), {
    userId: user.id,
    orderId: id.data,
  });
  if (!result.ok && result.status === 404) throw new Response("Not Found", { status: 404 });
  const back = `/order/${id.data}`;
  if (!result.ok)
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  const message = result.refunded
    ? "Your order is cancelled and the full amount is refunded."
    : "Your order is cancelled.";
  return redirectWithToast(back, { type: "success", message }, request);
}
