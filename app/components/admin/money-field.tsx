/** Paise as the rupees a money field shows (two decimals). */
export const rupees = (paise: number) => (paise / 100).toFixed(2);
export const moneyInputClass =
  "mt-1 w-28 rounded-md border border-gray-300 px-2 py-1 text-sm aria-[invalid=true]:border-red-600";

/** An amount in rupees (shown from paise), with its error under it. */
export function MoneyField({
  name,
  label,
  paise,
  errors,
  typed,
  focus,
}: {
  name: string;
  label: string;
  paise: number;
  errors: Record<string, string>;
  /** What was typed into a refused form, shown instead of the stored amount. */
  typed?: string;
  /** The first field with a message: focused as the refused page opens (no script needed). */
  focus?: boolean;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold">
        {label} (₹)
      </label>
      <input
        id={name}
        name={name}
        inputMode="decimal"
        defaultValue={typed ?? rupees(paise)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
        autoFocus={focus || undefined}
        className={moneyInputClass}
      />
      {errors[name] ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}
