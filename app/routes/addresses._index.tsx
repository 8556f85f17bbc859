import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { AddressList } from "~/components/address-list";
import { db } from "~/db/db.server";
import { listAddresses } from "~/models/address.server";

export const meta: MetaFunction = () => [
  { title: "Saved addresses | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { addresses: await listAddresses(db, user.id) };
}

export default function AddressesPage() {
  const { addresses } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">Saved addresses</h1>
        <Link
          to="/addresses/new?redirectTo=%2Faddresses"
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          + Add New Address
        </Link>
      </div>
      <div className="mt-8">
        <AddressList addresses={addresses} redirectTo="/addresses" />
      </div>
    </div>
  );
}
