import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/utils/redirect.server";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { deleteAddress } from "~/models/address.server";
import { formReply, idParam, notFound } from "~/utils/responses.server";

/** Nothing to show here: the address list is at /addresses. */
export async function loader() {
  return redirect("/addresses");
}

/** POST /addresses/:id/delete: deletes the user's address; someone else's is 404. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const id = idParam(params.id);
  const deleted = id === null ? false : await deleteAddress(db, user.id, id);
  const answer = formReply(request, form);
  if (!deleted) {
    // A fetcher gets the answer as data (the page stays); a plain post, the 404 page.
    if (answer.viaFetcher)
      return data({ ok: false, message: "Address not found" }, { status: 404 });
    notFound();
  }
  return answer.send(
    { ok: true },
    { type: "success", message: "Address deleted" },
    { to: safeRedirectPath(form.get("redirectTo"), "/addresses") },
  );
}
