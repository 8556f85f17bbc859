import { Link, useFetcher, useFetchers } from "@remix-run/react";
import type { Address } from "~/models/address.server";
import { FetcherFlag } from "./fetcher-flag";

const addressFetcherKey = (id: number) => `address-${id}`;

/** An address on a few lines, as a label or a parcel would show it. */
export function AddressLines({ address }: { address: Address }) {
  return (
    <address className="not-italic text-sm leading-6 text-gray-700">
      <span className="block font-semibold text-ink-900">{address.fullName}</span>
      <span className="block">{address.address1}</span>
      {address.address2 ? <span className="block">{address.address2}</span> : null}
      <span className="block">
        {address.city}, {address.state} {address.postalCode}
      </span>
      <span className="block">{address.country}</span>
      <span className="block">Phone: {address.phone}</span>
    </address>
  );
}

/**
 * Saved addresses, each with Edit and Delete and, when `deliverHref` is given, 'Deliver to This
 * Address'. Delete is a plain form post (303 back to `redirectTo`), through a fetcher with
 * JavaScript, where the address leaves the list at once.
 */
export function AddressList({
  addresses,
  selectedId = null,
  deliverHref,
  redirectTo,
}: {
  addresses: Address[];
  selectedId?: number | null;
  deliverHref?: (id: number) => string;
  /** Where the edit and delete forms come back to (path and query). */
  redirectTo: string;
}) {
  const deleting = new Set(
    useFetchers()
      .filter((f) => f.key.startsWith("address-") && f.formData?.get("intent") === "delete")
      .map((f) => Number(f.formData?.get("id"))),
  );
  const shown = addresses.filter((a) => !deleting.has(a.id));
  if (shown.length === 0) return <p className="text-gray-600">No saved addresses yet.</p>;
  return (
    <ul aria-label="Saved addresses" className="grid gap-4 sm:grid-cols-2">
      {shown.map((a) => (
        <AddressCard
          key={a.id}
          address={a}
          selected={a.id === selectedId}
          deliverHref={deliverHref?.(a.id)}
          redirectTo={redirectTo}
        />
      ))}
    </ul>
  );
}

function AddressCard({
  address,
  selected,
  deliverHref,
  redirectTo,
}: {
  address: Address;
  selected: boolean;
  deliverHref?: string;
  redirectTo: string;
}) {
  const fetcher = useFetcher({ key: addressFetcherKey(address.id) });
  const editHref = `/addresses/${address.id}/edit?${new URLSearchParams({ redirectTo })}`;
  const who = `${address.fullName}, ${address.address1}`;
  return (
    <li
      aria-current={selected ? "true" : undefined}
      className={`flex flex-col gap-3 rounded-lg border p-4 ${selected ? "border-brand-600 ring-2 ring-brand-500" : "border-gray-200"}`}
    >
      {selected ? <p className="text-xs font-bold uppercase text-brand-700">Selected</p> : null}
      <AddressLines address={address} />
      <div className="mt-auto flex flex-wrap items-center gap-3">
        {deliverHref ? (
          <Link
            to={deliverHref}
            className="rounded-md bg-ink-900 px-3 py-2 text-sm font-semibold text-white hover:bg-black"
          >
            Deliver to This Address
          </Link>
        ) : null}
        <Link to={editHref} className="text-sm font-semibold underline-offset-2 hover:underline">
          Edit<span className="sr-only"> address of {who}</span>
        </Link>
        <fetcher.Form method="post" action={`/addresses/${address.id}/delete`}>
          <FetcherFlag />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            className="text-sm font-semibold text-red-700 underline-offset-2 hover:underline"
          >
            Delete<span className="sr-only"> address of {who}</span>
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}
