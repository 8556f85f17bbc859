import type { Dispatch, ReactNode, SetStateAction } from "react";

/* The pieces every part of the admin's product form uses: a labelled field, its message, row buttons. */

export const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 aria-[invalid=true]:border-red-600";
const smallButton =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-gray-100 focus-visible:outline-brand-500";

/** A row with a key that stays while rows are added and removed in place. */
export type Keyed<T> = { key: number; row: T };
/** The props of a group of rows (colours, sizes): the rows, their setter, the form's messages. */
export type RowsProps<T> = {
  rows: Keyed<T>[];
  setRows: Dispatch<SetStateAction<Keyed<T>[]>>;
  errors: Record<string, string>;
};
let nextKey = 0;
export const withKeys = <T,>(rows: T[]): Keyed<T>[] => rows.map((row) => ({ key: nextKey++, row }));

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** Props that tie an input to its message. */
export function describe(errors: Record<string, string>, name: string, hint?: string) {
  const errorId = `${fieldId(name)}-error`;
  const ids = [errors[name] ? errorId : null, hint ?? null].filter(Boolean).join(" ");
  return {
    id: fieldId(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": ids || undefined,
  } as const;
}
export const fieldId = (name: string) => `pf-${name.replace(/\./g, "-")}`;

export function Field({
  name,
  label,
  errors,
  children,
  hint,
}: {
  name: string;
  label: string;
  errors: Record<string, string>;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={fieldId(name)} className="block text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${fieldId(name)}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${fieldId(name)}-error`} message={errors[name]} />
    </div>
  );
}

/** A row button: posts the form without JavaScript, changes the rows in place with it. */
export function RowButton({
  intent,
  label,
  onClick,
  accessibleName = label,
}: {
  intent: string;
  label: string;
  onClick: () => void;
  accessibleName?: string;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formEncType="application/x-www-form-urlencoded"
      formNoValidate
      aria-label={accessibleName}
      className={smallButton}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {label}
    </button>
  );
}

/**
 * Numbered rows of the product form (colours, sizes), each in its own fieldset with a Remove
 * button, and an Add button below: `intent` names them in the row buttons (`add-color`,
 * `remove-color:N`), `noun` in the labels.
 */
export function FormRows<T>({
  rows,
  setRows,
  intent,
  noun,
  blank,
  children,
}: Omit<RowsProps<T>, "errors"> & {
  intent: string;
  noun: string;
  blank: () => T;
  children: (row: T, i: number) => ReactNode;
}) {
  const Noun = noun[0].toUpperCase() + noun.slice(1);
  return (
    <>
      <ol className="space-y-4">
        {rows.map(({ key, row }, i) => (
          <li key={key}>
            <fieldset className="rounded-lg border border-gray-200 p-4">
              <legend className="px-1 text-sm font-semibold">
                {Noun} {i + 1}
              </legend>
              {children(row, i)}
              <div className="mt-3">
                <RowButton
                  intent={`remove-${intent}:${i}`}
                  label={`Remove ${noun}`}
                  onClick={() => setRows((list) => list.filter((r) => r.key !== key))}
                  accessibleName={`Remove ${noun} ${i + 1}`}
                />
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="mt-3">
        <RowButton
          intent={`add-${intent}`}
          label={`Add ${noun}`}
          onClick={() => setRows((list) => [...list, ...withKeys([blank()])])}
        />
      </div>
    </>
  );
}
