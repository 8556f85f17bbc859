import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { getVehicle } from "~/models/taxonomy.server";
import { assertSameOrigin } from "~/utils/http.server";
import { safeRedirectPath } from "~/utils/redirect.server";
import { redirectWithToast } from "~/utils/toast.server";
import { vehicleCookieHeader } from "~/utils/vehicle.server";

export async function loader() {
  return redirect("/vehicles");
}

/** Remembers (or forgets, with an empty choice) the shopper's vehicle, then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const to = safeRedirectPath(form.get("redirectTo"), "/");
  const slug = String(form.get("vehicle") ?? "").trim();
  if (slug === "") {
    return redirectWithToast(
      to,
      { type: "success", message: "Vehicle cleared: showing every part." },
      request,
      {
        headers: { "Set-Cookie": await vehicleCookieHeader(null) },
      },
    );
  }
  const vehicle = await getVehicle(db, slug);
  if (!vehicle)
    return redirectWithToast(
      to,
      { type: "error", message: "Choose a vehicle from the list." },
      request,
    );
  return redirectWithToast(
    to,
    { type: "success", message: `Showing what fits your ${vehicle.name}.` },
    request,
    {
      headers: { "Set-Cookie": await vehicleCookieHeader(vehicle.slug) },
    },
  );
}
