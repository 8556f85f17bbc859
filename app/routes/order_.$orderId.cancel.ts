import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { cancelOrderByShopper } from "~/models/return.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound, requireIdParam } from "~/utils/responses.server";

export const loader = ({ params }: ActionFunctionArgs) => redirect(`/order/${params.orderId}`);

/** POST /order/{id}/cancel: the shopper cancels an order that has not shipped (303 back to it). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const orderId = requireIdParam(params.orderId);
  const result = await cancelOrderByShopper(db, getPaymentGateway(), { userId: user.id, orderId });
  if (!result.ok && result.status === 404) notFound();
  const back = `/order/${orderId}`;
  if (!result.ok)
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  const message = result.refunded
    ? "Your order is cancelled and the full amount is refunded."
    : "Your order is cancelled.";
  return redirectWithToast(back, { type: "success", message }, request);
}
