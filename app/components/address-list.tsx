import { Link, useFetcher, useFetchers } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
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
 * Address'. Delete asks first: a link to the question's own page (/addresses/:id/delete) without
 * JavaScript, the same question in the card with it. Its answer is a plain form post (303 back to
 * `redirectTo`), through a fetcher with JavaScript, where the address leaves the list at once.
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
  // One question at a time: asking about another address withdraws the first question.
  const [asking, setAsking] = useState<number | null>(null);
  // A deleted card takes its focused button with it: the focus goes to the list (or the line
  // saying it is empty), not to the top of the page.
  const list = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    list.current?.focus();
  }, [shown.length]);
  if (shown.length === 0)
    return (
      <p ref={list as RefObject<HTMLParagraphElement>} tabIndex={-1} className="text-gray-600">
        No saved addresses yet.
      </p>
    );
  return (
    <ul
      ref={list as RefObject<HTMLUListElement>}
      tabIndex={-1}
      aria-label="Saved addresses"
      className="grid gap-4 sm:grid-cols-2"
    >
      {shown.map((a) => (
        <AddressCard
          key={a.id}
          address={a}
          selected={a.id === selectedId}
          deliverHref={deliverHref?.(a.id)}
          redirectTo={redirectTo}
          confirming={asking === a.id}
          onAsk={(yes) => setAsking(yes ? a.id : null)}
          onDelete={() => {
            refocus.current = true;
            setAsking(null);
          }}
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
  confirming,
  onAsk,
  onDelete,
}: {
  address: Address;
  selected: boolean;
  deliverHref?: string;
  redirectTo: string;
  /** Its 'Delete this address?' is open. */
  confirming: boolean;
  /** Opens (true) or withdraws (false) the question. */
  onAsk: (yes: boolean) => void;
  onDelete: () => void;
}) {
  const fetcher = useFetcher({ key: addressFetcherKey(address.id) });
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteLink = useRef<HTMLAnchorElement>(null);
  // The question takes focus as it appears (Enter confirms, as on its page); Cancel gives it back
  // (not a question withdrawn by asking about another address: that one has the focus).
  const cancelled = useRef(false);
  const cancel = () => {
    cancelled.current = true;
    onAsk(false);
  };
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (cancelled.current) deleteLink.current?.focus();
    cancelled.current = false;
  }, [confirming]);
  // Esc answers the question with Cancel.
  useEffect(() => {
    if (!confirming) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") cancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
  const query = new URLSearchParams({ redirectTo });
  const editHref = `/addresses/${address.id}/edit?${query}`;
  const deleteHref = `/addresses/${address.id}/delete?${query}`;
  const who = `${address.fullName}, ${address.address1}`;
  const questionId = `delete-address-${address.id}`;
  return (
    <li
      aria-current={selected ? "true" : undefined}
      className={`flex flex-col gap-3 rounded-lg border p-4 ${selected ? "border-brand-600 ring-2 ring-brand-500" : "border-gray-200"}`}
    >
      {selected ? <p className="text-xs font-bold uppercase text-brand-700">Selected</p> : null}
      <AddressLines address={address} />
      {confirming ? (
        <div
          role="group"
          aria-labelledby={questionId}
          className="mt-auto rounded-md border-2 border-red-600 bg-red-50 p-3"
        >
          <p id={questionId} className="text-sm font-bold text-red-900">
            Delete this address?
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <fetcher.Form
              method="post"
              action={`/addresses/${address.id}/delete`}
              onSubmit={onDelete}
            >
              <FetcherFlag />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={address.id} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <button
                ref={confirmButton}
                type="submit"
                className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
              >
                Delete<span className="sr-only"> address of {who}</span>
              </button>
            </fetcher.Form>
            <button
              type="button"
              onClick={cancel}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-gray-700 hover:bg-white"
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
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
          <Link
            ref={deleteLink}
            to={deleteHref}
            onClick={(e) => {
              // With JavaScript the question is asked here, without loading its page (a click
              // that opens a new tab still opens the page).
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              onAsk(true);
            }}
            className="text-sm font-semibold text-red-700 underline-offset-2 hover:underline"
          >
            Delete<span className="sr-only"> address of {who}</span>
          </Link>
        </div>
      )}
    </li>
  );
}
