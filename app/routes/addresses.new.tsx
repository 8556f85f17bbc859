import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/utils/redirect.server";
import { requireUser } from "~/auth/guards.server";
import { AddressForm, addressValues, type AddressActionData } from "~/components/address-form";
import { db } from "~/db/db.server";
import {
  createAddress,
  deliveryAddressSchema,
  MAX_ADDRESSES_PER_USER,
} from "~/models/address.server";
import { fieldErrors } from "~/utils/validation";
import { formReply } from "~/utils/responses.server";

export const meta: MetaFunction = () => [
  { title: "Add New Address | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

const ADDRESS_SAVED = "Address saved!";
const ADDRESS_SAVE_FAILED = "Failed to save address";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const redirectTo = safeRedirectPath(
    new URL(request.url).searchParams.get("redirectTo"),
    "/addresses",
  );
  return { redirectTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/addresses");
  const parsed = deliveryAddressSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<AddressActionData>(
      {
        ok: false,
        message: ADDRESS_SAVE_FAILED,
        errors: fieldErrors(parsed.error),
        values: addressValues(form),
      },
      { status: 400 },
    );
  }
  const address = await createAddress(db, user.id, parsed.data);
  if (!address) {
    return data<AddressActionData>(
      {
        ok: false,
        message: `${ADDRESS_SAVE_FAILED}: at most ${MAX_ADDRESSES_PER_USER} addresses can be kept`,
        errors: {},
        values: addressValues(form),
      },
      { status: 400 },
    );
  }
  return formReply(request, form).send<AddressActionData>(
    { ok: true, message: ADDRESS_SAVED, addressId: address.id },
    { type: "success", message: ADDRESS_SAVED },
    { to: redirectTo },
  );
}

export default function NewAddressPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Add New Address</h1>
      <div className="mt-8">
        <AddressForm
          action={`/addresses/new?${new URLSearchParams({ redirectTo })}`}
          redirectTo={redirectTo}
          values={failed?.values}
          errors={failed?.errors}
          message={failed?.message}
          cancelHref={redirectTo}
        />
      </div>
    </div>
  );
}
