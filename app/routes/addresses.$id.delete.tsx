import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { safeRedirectPath } from "~/utils/redirect.server";
import { requireUser } from "~/auth/guards.server";
import { AddressLines } from "~/components/address-list";
import { db } from "~/db/db.server";
import { deleteAddress, getAddress } from "~/models/address.server";
import {
  formReply,
  idParam,
  invariantResponse,
  notFound,
  requireIdParam,
} from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Delete address | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

/**
 * GET: "Delete this address?" for the user's address (someone else's is 404). The list's Delete
 * leads here without JavaScript; with it the list asks in place. Only the post below deletes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const address = await getAddress(db, user.id, requireIdParam(params.id));
  invariantResponse(address);
  const redirectTo = safeRedirectPath(
    new URL(request.url).searchParams.get("redirectTo"),
    "/addresses",
  );
  return { address, redirectTo };
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

export default function DeleteAddressPage() {
  const { address, redirectTo } = useLoaderData<typeof loader>();
  const deleting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 id="delete-address-title" className="text-3xl font-extrabold tracking-tight">
        Delete this address?
      </h1>
      <div
        role="group"
        aria-labelledby="delete-address-title"
        className="mt-6 rounded-lg border-2 border-red-600 bg-red-50 p-4"
      >
        <AddressLines address={address} />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Form method="post" action={`/addresses/${address.id}/delete`}>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              disabled={deleting}
              // The question's answer, as the list's Delete asks it in place with JavaScript.
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is only this question
              autoFocus
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
            >
              {deleting ? "Deleting..." : "Delete"}
            </button>
          </Form>
          <Link
            to={redirectTo}
            className="rounded-md px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-white"
          >
            Cancel
          </Link>
        </div>
      </div>
    </div>
  );
}
