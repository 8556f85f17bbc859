import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/utils/redirect.server";
import { requireUser } from "~/auth/guards.server";
import { isFetcherSubmission } from "~/components/fetcher-flag";
import { db } from "~/db/db.server";
import { deleteAddress } from "~/models/address.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { idSchema } from "~/utils/validation";

/** Nothing to show here: the address list is at /addresses. */
export async function loader() {
  return redirect("/addresses");
}

/** POST /addresses/:id/delete: deletes the user's address; someone else's is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = idSchema.safeParse(params.id);
  const deleted = id.success ? await deleteAddress(db, user.id, id.data) : false;
  if (!deleted) {
    // A fetcher gets the answer as data (the page stays); a plain post, the 404 page.
    if (isFetcherSubmission(form)) return data({ ok: false, message: "Address not found" }, { status: 404 });
    throw new Response("Not Found", { status: 404 });
  }
  const toast = { type: "success" as const, message: "Address deleted" };
  if (isFetcherSubmission(form)) return dataWithToast({ ok: true }, toast, request);
  return redirectWithToast(safeRedirectPath(form.get("redirectTo"), "/addresses"), toast, request);
}
