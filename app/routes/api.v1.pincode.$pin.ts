import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { checkDelivery } from "~/models/shipping.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/**
 * GET /api/v1/pincode/{pin}: the PIN's district and state, whether the shop delivers there, with
 * cash on delivery, and by when. 404 for six digits that India Post has no PIN for (000000 too),
 * 400 for anything that is not six digits.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const pin = params.pin ?? "";
  // Six digits are a PIN's shape; whether India Post has it (none starts with 0) is the 404 below.
  if (!/^\d{6}$/.test(pin)) {
    return jsonNoStore(
      { message: "Enter a 6-digit PIN code", errors: { pin: "Enter a 6-digit PIN code" } },
      { status: 400 },
    );
  }
  const delivery = await checkDelivery(db, pin);
  if (!delivery) return jsonNoStore({ message: `PIN code ${pin} does not exist` }, { status: 404 });
  return jsonNoStore({
    pin: delivery.pin,
    district: delivery.district,
    state: delivery.state,
    serviceable: delivery.serviceable,
    cod: delivery.cod,
    deliveryDays: delivery.deliveryDays,
    estimatedDelivery: delivery.estimatedDelivery,
  });
}

export function action() {
  return apiMethodNotAllowed("GET");
}
