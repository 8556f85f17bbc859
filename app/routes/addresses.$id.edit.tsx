import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/utils/redirect.server";
import { requireUser } from "~/auth/guards.server";
import { AddressForm, addressValues, type AddressActionData } from "~/components/address-form";
import { db } from "~/db/db.server";
import { deliveryAddressSchema, getAddress, updateAddress } from "~/models/address.server";
import { fieldErrors } from "~/utils/validation";
import { formReply, invariantResponse, requireIdParam } from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Edit address | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

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

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = requireIdParam(params.id);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/addresses");
  const parsed = deliveryAddressSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<AddressActionData>(
      {
        ok: false,
        message: "Failed to save address",
        errors: fieldErrors(parsed.error),
        values: addressValues(form),
      },
      { status: 400 },
    );
  }
  const address = await updateAddress(db, user.id, id, parsed.data);
  invariantResponse(address);
  return formReply(request, form).send<AddressActionData>(
    { ok: true, message: "Address saved!", addressId: address.id },
    { type: "success", message: "Address saved!" },
    { to: redirectTo },
  );
}

export default function EditAddressPage() {
  const { address, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : null;
  const { id, ...saved } = address;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Edit address</h1>
      <div className="mt-8">
        <AddressForm
          key={id}
          action={`/addresses/${id}/edit?${new URLSearchParams({ redirectTo })}`}
          redirectTo={redirectTo}
          values={failed?.values ?? saved}
          errors={failed?.errors}
          message={failed?.message}
          cancelHref={redirectTo}
        />
      </div>
    </div>
  );
}
