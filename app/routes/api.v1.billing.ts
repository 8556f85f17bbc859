import type { ActionFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import {
  createAddress,
  deliveryAddressSchema,
  MAX_ADDRESSES_PER_USER,
} from "~/models/address.server";
import { jsonNoStore, readFields } from "~/utils/http.server";
import { apiInvalid, apiMethodNotAllowed } from "~/utils/responses.server";

export async function loader() {
  return apiMethodNotAllowed("POST");
}

/** POST /api/v1/billing with the eight address fields: saves a delivery address. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const user = await requireApiUser(request);
  const parsed = deliveryAddressSchema.safeParse(await readFields(request));
  if (!parsed.success) {
    return apiInvalid("Failed to save address", parsed.error);
  }
  const address = await createAddress(db, user.id, parsed.data);
  if (!address) {
    return jsonNoStore(
      { message: `At most ${MAX_ADDRESSES_PER_USER} addresses can be saved` },
      { status: 409 },
    );
  }
  return jsonNoStore({ message: "Address saved!", address }, { status: 201 });
}
