import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { stopWhatsAppUpdates } from "~/models/outbox.server";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound, requireIdParam } from "~/utils/responses.server";

export const loader = ({ params }: ActionFunctionArgs) => redirect(`/order/${params.orderId}`);

/** POST /order/{id}/whatsapp: the shopper stops WhatsApp updates for the order (303 back to it). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const orderId = requireIdParam(params.orderId);
  if (!(await stopWhatsAppUpdates(db, { userId: user.id, orderId }))) notFound();
  return redirectWithToast(
    `/order/${orderId}`,
    { type: "success", message: "WhatsApp updates for this order are stopped." },
    request,
  );
}
