import { useFetcher } from "@remix-run/react";
import { useId, useRef } from "react";
import { Price } from "~/components/price";

/** What the product page (`?pin=`) and the /delivery fetcher answer for a PIN. */
export type DeliveryAnswerView = {
  pin: string;
  error: string | null;
  delivery: {
    pin: string;
    district: string;
    serviceable: boolean;
    /** Whether cash on delivery is offered there (for the product, on a product page). */
    cod: boolean;
    estimatedLabel: string | null;
  } | null;
  /** The COD limit when one unit of the product is over it (the PIN would allow COD), else null. */
  codLimitPaise: number | null;
};

/**
 * "Check delivery": without JavaScript, a GET of the product page (`?pin=`) by the buy form, which
 * the PIN field and the button join (`form`), so the colour, size and quantity chosen there come
 * back chosen; with JavaScript, a fetcher of /delivery. Shows the delivery date, cash on delivery,
 * or that the PIN is not served.
 */
export function DeliveryCheck({
  initial,
  productId,
  form,
}: {
  initial: DeliveryAnswerView | null;
  /** The product whose price cash on delivery is checked against the COD limit. */
  productId: number;
  /** The id of the product page's buy form, whose fields travel with the PIN. */
  form: string;
}) {
  // One fetcher per product: the answer (cash on delivery) depends on the product, and the page
  // stays mounted from one product to the next.
  const fetcher = useFetcher<DeliveryAnswerView>({ key: `delivery-check-${productId}` });
  const answer = fetcher.data ?? initial;
  const busy = fetcher.state !== "idle";
  const uid = useId();
  const errorId = `${uid}-error`;
  const pinField = useRef<HTMLInputElement>(null);
  const check = () =>
    fetcher.load(
      `/delivery?${new URLSearchParams({
        pin: pinField.current?.value ?? "",
        product: String(productId),
      })}`,
    );
  return (
    <section aria-labelledby={`${uid}-title`} className="rounded-lg border border-gray-200 p-4">
      <h2 id={`${uid}-title`} className="text-base font-bold">
        Delivery
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${uid}-pin`} className="block text-sm font-medium">
            PIN code
          </label>
          <input
            ref={pinField}
            id={`${uid}-pin`}
            form={form}
            name="pin"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            defaultValue={answer?.pin ?? ""}
            aria-invalid={Boolean(answer?.error)}
            aria-describedby={answer?.error ? errorId : undefined}
            onKeyDown={(event) => {
              // Enter checks the PIN (the buy form's Enter would be a page load).
              if (event.key !== "Enter") return;
              event.preventDefault();
              check();
            }}
            className="mt-1 w-32 rounded-md border border-gray-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600"
          />
        </div>
        <button
          type="submit"
          form={form}
          formMethod="get"
          formAction={`/product/${productId}`}
          disabled={busy}
          onClick={(event) => {
            event.preventDefault();
            check();
          }}
          className="rounded-md border border-ink-900 px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
        >
          {busy ? "Checking..." : "Check delivery"}
        </button>
      </div>
      <div aria-live="polite" className="mt-2 text-sm">
        {answer?.error ? (
          <p id={errorId} className="text-red-700">
            {answer.error}
          </p>
        ) : answer?.delivery ? (
          answer.delivery.serviceable ? (
            <>
              <p className="font-semibold text-emerald-700">
                Delivers to {answer.delivery.pin} ({answer.delivery.district}) by{" "}
                {answer.delivery.estimatedLabel}
              </p>
              <CashOnDelivery cod={answer.delivery.cod} codLimitPaise={answer.codLimitPaise} />
            </>
          ) : (
            <p className="font-semibold text-red-700">We don&apos;t deliver to this PIN yet</p>
          )
        ) : null}
      </div>
    </section>
  );
}

/** Whether cash on delivery is offered: for this product and PIN, or why not. */
export function CashOnDelivery({
  cod,
  codLimitPaise,
}: {
  cod: boolean;
  codLimitPaise: number | null;
}) {
  return (
    <p className="text-gray-700">
      {cod ? (
        "Cash on delivery available"
      ) : codLimitPaise !== null ? (
        <>
          Cash on delivery not available for this item: only for orders up to{" "}
          <Price paise={codLimitPaise} />
        </>
      ) : (
        "Cash on delivery not available for this PIN"
      )}
    </p>
  );
}
