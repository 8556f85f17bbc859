import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { cancelOrderByShopper } from "~/models/return.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { formatPaise } from "~/utils/money";
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
  const { refund } = result;
  // Say only what happened: a refund waiting for Razorpay is on its way, not made.
  if (refund?.status === "failed")
    return redirectWithToast(
      back,
      {
        type: "error",
        message:
          "Your order is cancelled, but the refund did not go through yet: we will refund it.",
      },
      request,
    );
  const message = !refund
    ? "Your order is cancelled."
    : refund.status === "processed"
      ? "Your order is cancelled and the full amount is refunded."
      : `Your order is cancelled. Your refund of ${formatPaise(refund.amountPaise)} is started and on its way.`;
  return redirectWithToast(back, { type: "success", message }, request);
}
