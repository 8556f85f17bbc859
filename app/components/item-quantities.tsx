/**
 * A number of units to pick for each item of an order (`qty-<itemId>`, 0 to the quantity bought):
 * what a shopper returns, or what an admin refunds.
 */
export function ItemQuantities({
  items,
  label,
  defaultValue,
  typed = {},
  rowClassName = "flex items-center gap-2",
  errorId,
  focusFirst,
}: {
  items: { id: number; title: string; quantity: number }[];
  label: (item: { id: number; title: string; quantity: number }) => string;
  defaultValue?: number;
  /** What was typed into a refused form, by field name (`qty-ID`), over defaultValue. */
  typed?: Record<string, string>;
  rowClassName?: string;
  /** The id of the message refusing the quantities chosen: each field is marked and read with it. */
  errorId?: string;
  /** Focus the first field as the page opens (a refused post whose first message is this one). */
  focusFirst?: boolean;
}) {
  return (
    <>
      {items.map((i, index) => (
        <div key={i.id} className={rowClassName}>
          <label htmlFor={`qty-${i.id}`} className="flex-1">
            {label(i)}
          </label>
          <input
            id={`qty-${i.id}`}
            name={`qty-${i.id}`}
            type="number"
            min={0}
            max={i.quantity}
            inputMode="numeric"
            defaultValue={typed[`qty-${i.id}`] ?? defaultValue}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
            autoFocus={(focusFirst && index === 0) || undefined}
            className="w-20 rounded-md border border-gray-300 px-2 py-1 aria-[invalid=true]:border-red-600"
          />
        </div>
      ))}
    </>
  );
}
