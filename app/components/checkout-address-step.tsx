import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Address } from "~/models/address.server";
import { AddressForm, type AddressActionData } from "./address-form";
import { AddressList } from "./address-list";
import { useHydrated } from "./fetcher-flag";

/** `url` with `address=<id>` set in its query. */
export function withAddress(url: string, id: number): string {
  const [path, query = ""] = url.split("?");
  const params = new URLSearchParams(query);
  params.set("address", String(id));
  return `${path}?${params}`;
}

/**
 * Checkout step 1: the saved addresses, each with 'Deliver to This Address' (a link to `nextUrl`
 * with `address=<id>` added), and '+ Add New Address'. With JavaScript the new-address form opens
 * in a native <dialog> and saves through a fetcher (the list reloads, the dialog closes and the
 * form clears); without it the same form is on the page and a save comes back to `returnTo`.
 */
export function CheckoutAddressStep({
  addresses,
  selectedId = null,
  nextUrl,
  returnTo,
}: {
  addresses: Address[];
  /** The address chosen before, highlighted; null when none. */
  selectedId?: number | null;
  /** Step 2's URL without `address`, e.g. `/checkout?step=summary&productId=5&quantity=2`. */
  nextUrl: string;
  /** This step's URL (path and query): address forms come back here. */
  returnTo: string;
}) {
  const hydrated = useHydrated();
  const newAddressAction = `/addresses/new?${new URLSearchParams({ redirectTo: returnTo })}`;

  return (
    <section aria-labelledby="checkout-address" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="checkout-address" className="text-xl font-bold">
          Delivery Address
        </h2>
        {hydrated ? (
          <NewAddressDialog action={newAddressAction} returnTo={returnTo} />
        ) : (
          <a
            href="#new-address"
            className="rounded-md border border-ink-900 px-3 py-2 text-sm font-semibold hover:bg-gray-100"
          >
            + Add New Address
          </a>
        )}
      </div>
      <AddressList
        addresses={addresses}
        selectedId={selectedId}
        deliverHref={(id) => withAddress(nextUrl, id)}
        redirectTo={returnTo}
      />
      {hydrated ? null : (
        <section
          id="new-address"
          aria-labelledby="new-address-heading"
          className="rounded-lg border border-gray-200 p-5"
        >
          <h3 id="new-address-heading" className="mb-4 text-lg font-bold">
            Add New Address
          </h3>
          <AddressForm action={newAddressAction} redirectTo={returnTo} />
        </section>
      )}
    </section>
  );
}

function NewAddressDialog({ action, returnTo }: { action: string; returnTo: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useFetcher<AddressActionData>({ key: "checkout-new-address" });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  // Messages of a refused save are dropped when the shopper cancels.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const failed = result && !result.ok && result !== dismissed ? result : null;

  useEffect(() => {
    if (result?.ok) {
      form.current?.reset();
      dialog.current?.close();
    }
  }, [result]);

  const close = () => {
    setDismissed(fetcher.data);
    form.current?.reset();
    dialog.current?.close();
  };

  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="rounded-md border border-ink-900 px-3 py-2 text-sm font-semibold hover:bg-gray-100"
      >
        + Add New Address
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="new-address-dialog-heading"
        className="m-auto w-full max-w-xl rounded-lg p-6 shadow-2xl backdrop:bg-black/50"
      >
        <h3 id="new-address-dialog-heading" className="mb-4 text-lg font-bold">
          Add New Address
        </h3>
        <AddressForm
          // A new form (fresh fields) after each save; the typed values stay while it is refused.
          key={result?.ok ? result.addressId : "new"}
          formRef={form}
          action={action}
          redirectTo={returnTo}
          fetcher={fetcher}
          values={failed?.values}
          errors={failed?.errors}
          message={failed?.message}
          onCancel={close}
        />
      </dialog>
    </>
  );
}
