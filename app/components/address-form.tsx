import { Form, Link, useNavigation, type FetcherWithComponents } from "@remix-run/react";
import { useId, type ReactNode, type Ref } from "react";
import { DEFAULT_COUNTRY, INDIAN_STATES, type AddressField } from "~/utils/validation";
import { FetcherFlag } from "./fetcher-flag";
import { useFocusFirstError } from "./form-field";

export type AddressValues = Partial<Record<AddressField, string>>;

/** What the address actions answer when the input is refused (400) or saved. */
export type AddressActionData =
  | { ok: false; message: string; errors: Record<string, string>; values: AddressValues }
  | { ok: true; message: string; addressId: number };

export const ADDRESS_FIELDS: AddressField[] = [
  "fullName",
  "phone",
  "address1",
  "address2",
  "city",
  "state",
  "postalCode",
  "country",
];

/** The eight fields of a form post, as typed (to show them again after a refusal). */
export function addressValues(form: FormData): AddressValues {
  const out: AddressValues = {};
  for (const f of ADDRESS_FIELDS) {
    const v = form.get(f);
    if (typeof v === "string") out[f] = v;
  }
  return out;
}

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 aria-[invalid=true]:border-red-600";

function Field({
  id,
  name,
  label,
  error,
  focus,
  children,
  hint,
}: {
  id: string;
  name: AddressField;
  label: string;
  error?: string;
  /**
   * The first field with a message: focused as the page opens (no script needed). Only a page
   * answering a refused post has one, so no page takes the focus as it is first opened.
   */
  focus?: boolean;
  hint?: string;
  children: (a11y: {
    id: string;
    name: AddressField;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
    autoFocus?: boolean;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({
        id,
        name,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy,
        autoFocus: focus || undefined,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * With JavaScript, a PIN that exists fills an empty city (its district) and an empty state, unless
 * the shopper is typing in them when the answer comes. Without it the server does the same when
 * the form is saved. A state the shopper typed is kept: if the PIN lies elsewhere, saving says so
 * ("PIN 411001 is in Maharashtra, not Karnataka."), as a mistyped PIN must not move the address.
 */
function fillFromPin(input: HTMLInputElement) {
  const pin = input.value.replace(/\s/g, "");
  const form = input.form;
  if (!form || !/^[1-9]\d{5}$/.test(pin)) return;
  const city = form.elements.namedItem("city");
  const state = form.elements.namedItem("state");
  // What the shopper types is theirs: only a field still empty when the answer comes, and not
  // being typed in, is filled.
  const empty = (field: HTMLInputElement) =>
    document.activeElement !== field && !field.value.trim();
  fetch(`/api/v1/pincode/${pin}`)
    .then((r) => (r.ok ? (r.json() as Promise<{ district: string; state: string }>) : null))
    .then((place) => {
      if (!place) return;
      if (city instanceof HTMLInputElement && empty(city)) city.value = place.district;
      if (state instanceof HTMLInputElement && empty(state)) state.value = place.state;
    })
    .catch(() => undefined);
}

/**
 * The eight address inputs with their labels and messages; typed values come back as defaults.
 * After a refusal the first field with a message has the focus.
 */
export function AddressFields({
  values = {},
  errors,
}: {
  values?: AddressValues;
  errors?: Record<string, string>;
}) {
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const fields = useFocusFirstError<HTMLDivElement>(errors);
  const firstError = ADDRESS_FIELDS.find((f) => errors?.[f]);
  const field = (name: AddressField) => ({
    id: id(name),
    name,
    error: errors?.[name],
    focus: name === firstError,
  });
  return (
    <div ref={fields} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field {...field("fullName")} label="Full name">
          {(a) => (
            <input
              {...a}
              type="text"
              autoComplete="name"
              required
              maxLength={100}
              defaultValue={values.fullName}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field
          {...field("phone")}
          label="Phone"

          hint="10-digit mobile number, +91 optional"
        >
          {(a) => (
            <input
              {...a}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              defaultValue={values.phone}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field {...field("address1")} label="Address line 1">
          {(a) => (
            <input
              {...a}
              type="text"
              autoComplete="address-line1"
              required
              maxLength={200}
              defaultValue={values.address1}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field {...field("address2")} label="Address line 2 (optional)">
          {(a) => (
            <input
              {...a}
              type="text"
              autoComplete="address-line2"
              maxLength={200}
              defaultValue={values.address2}
              className={inputClass}
            />
          )}
        </Field>
      </div>
      <Field {...field("city")} label="City">
        {(a) => (
          <input
            {...a}
            type="text"
            autoComplete="address-level2"
            required
            maxLength={100}
            defaultValue={values.city}
            className={inputClass}
          />
        )}
      </Field>
      <Field {...field("state")} label="State">
        {(a) => (
          // Typed, with the states and union territories offered as it is typed; the server reads
          // any capitalisation of one of them and refuses anything else next to this field.
          <>
            <input
              {...a}
              type="text"
              list={id("states")}
              autoComplete="address-level1"
              required
              maxLength={60}
              defaultValue={values.state ?? ""}
              className={inputClass}
            />
            <datalist id={id("states")}>
              {INDIAN_STATES.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field {...field("postalCode")} label="PIN code">
        {(a) => (
          <input
            {...a}
            type="text"
            autoComplete="postal-code"
            inputMode="numeric"
            required
            defaultValue={values.postalCode}
            className={inputClass}
            onBlur={(event) => fillFromPin(event.currentTarget)}
          />
        )}
      </Field>
      <Field {...field("country")} label="Country">
        {(a) => (
          <input
            {...a}
            type="text"
            autoComplete="country-name"
            required
            defaultValue={values.country ?? DEFAULT_COUNTRY}
            className={inputClass}
          />
        )}
      </Field>
    </div>
  );
}

/**
 * An address form: a plain form post (303 back to `redirectTo` on success, 400 with messages
 * otherwise), or the same form through a fetcher when one is given.
 */
export function AddressForm({
  action,
  redirectTo,
  values,
  errors,
  message,
  fetcher,
  onCancel,
  cancelHref,
  submitLabel = "Save Address",
  formRef,
}: {
  action: string;
  redirectTo?: string;
  values?: AddressValues;
  errors?: Record<string, string>;
  /** A message for the whole form, e.g. 'Failed to save address'. */
  message?: string;
  fetcher?: FetcherWithComponents<unknown>;
  /** Cancel as a button (e.g. closing a dialog); else a link to `cancelHref`; else a reset button. */
  onCancel?: () => void;
  cancelHref?: string;
  submitLabel?: string;
  formRef?: Ref<HTMLFormElement>;
}) {
  const navigation = useNavigation();
  const busy = fetcher
    ? fetcher.state === "submitting"
    : navigation.state === "submitting" && navigation.formAction === action;
  const FormComponent = fetcher ? fetcher.Form : Form;
  const cancelClass =
    "rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-100";
  return (
    <FormComponent ref={formRef} method="post" action={action} noValidate className="space-y-4">
      {fetcher ? <FetcherFlag /> : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {message ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {message}
        </p>
      ) : null}
      <AddressFields values={values} errors={errors} />
      <div className="flex justify-end gap-3">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={cancelClass}>
            Cancel
          </button>
        ) : cancelHref ? (
          <Link to={cancelHref} className={cancelClass}>
            Cancel
          </Link>
        ) : (
          <button type="reset" className={cancelClass}>
            Cancel
          </button>
        )}
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Saving..." : submitLabel}
        </button>
      </div>
    </FormComponent>
  );
}
