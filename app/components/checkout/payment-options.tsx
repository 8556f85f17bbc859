import { TextField, useFocusFirstError } from "~/components/form-field";
import { Price } from "~/components/price";
import type { CheckoutCharges, PayNowState } from "~/forms/checkout";

type Cod = Extract<CheckoutCharges, { ok: true }>["cod"] | null;

/** Pay online or cash on delivery (when this address and order allow it), each with its total. */
export function PaymentMethodFieldset({
  codChosen,
  cod,
  onlineTotal,
  codTotal,
  onChange,
}: {
  codChosen: boolean;
  cod: Cod;
  onlineTotal: number;
  codTotal: number;
  onChange: (method: "razorpay" | "cod") => void;
}) {
  return (
    <fieldset className="mb-4 space-y-2 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 font-semibold">Payment method</legend>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="paymentMethod"
          value="razorpay"
          checked={!codChosen}
          onChange={() => onChange("razorpay")}
          className="mt-1"
        />
        <span>
          Pay online (UPI, cards, netbanking) · <Price paise={onlineTotal} />
        </span>
      </label>
      <label className="flex items-start gap-2">
        <input
          type="radio"
          name="paymentMethod"
          value="cod"
          id="pay-cod"
          checked={codChosen}
          disabled={!cod?.available}
          onChange={() => onChange("cod")}
          aria-describedby="cod-note"
          className="mt-1"
        />
        <span>
          Cash on delivery · <Price paise={codTotal} />
          <span id="cod-note" className="block text-sm text-gray-600">
            {cod?.available ? (
              cod.feePaise > 0 ? (
                <>
                  Includes a cash on delivery fee of <Price paise={cod.feePaise} />
                </>
              ) : (
                "No cash on delivery fee"
              )
            ) : (
              (cod?.reason ?? "Cash on delivery is not available")
            )}
          </span>
        </span>
      </label>
    </fieldset>
  );
}

const GST_INPUT_CLASS =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600";

function GstField({
  name,
  label,
  maxLength,
  typed,
  error,
  first,
}: {
  name: "gstin" | "businessName";
  label: string;
  maxLength: number;
  typed: Record<string, string>;
  error?: string;
  /** The first field with a message: focused as the refused page opens (no script needed). */
  first?: boolean;
}) {
  return (
    <TextField
      name={name}
      label={label}
      type="text"
      maxLength={maxLength}
      defaultValue={typed[name] ?? ""}
      error={error}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
      autoFocus={first || undefined}
      // A GSTIN is shown in capitals as it is typed.
      className={name === "gstin" ? `${GST_INPUT_CLASS} uppercase` : GST_INPUT_CLASS}
    />
  );
}

/**
 * The optional GSTIN and business name, open when one was typed or refused. After a refusal the
 * focus is on the first field to fix. `errors` is the refusal's own object (not a new one on each
 * render, which would move the focus on each render).
 */
export function GstDetails({
  typed,
  errors,
}: {
  typed: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const details = useFocusFirstError<HTMLDetailsElement>(errors);
  const first = (["gstin", "businessName"] as const).find((f) => errors?.[f]);
  return (
    <details
      ref={details}
      className="mb-4 rounded-lg border border-gray-200 p-4"
      open={Boolean(typed.gstin || first)}
    >
      <summary className="cursor-pointer font-semibold">
        Add a GSTIN for business purchase (optional)
      </summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <GstField
          name="gstin"
          label="GSTIN"
          maxLength={20}
          typed={typed}
          error={errors?.gstin}
          first={first === "gstin"}
        />
        <GstField
          name="businessName"
          label="Business name"
          maxLength={120}
          typed={typed}
          error={errors?.businessName}
          first={first === "businessName"}
        />
      </div>
    </details>
  );
}

/** The checkout's state, posted back with Pay Now. */
export function PayNowStateFields({ state }: { state: PayNowState }) {
  return (
    <>
      <input type="hidden" name="address" value={state.address} />
      {state.productId ? (
        <>
          <input type="hidden" name="productId" value={state.productId} />
          <input type="hidden" name="quantity" value={state.quantity ?? 1} />
          <input type="hidden" name="size" value={state.size} />
          <input type="hidden" name="color" value={state.color} />
          {state.sizeId ? <input type="hidden" name="sizeId" value={state.sizeId} /> : null}
          {state.colorId ? <input type="hidden" name="colorId" value={state.colorId} /> : null}
        </>
      ) : null}
    </>
  );
}
