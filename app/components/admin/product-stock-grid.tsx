import type { ColorRowValues, SizeRowValues } from "~/forms/product-form.server";
import { FieldError, type Keyed } from "./product-form-fields";

/** A size's name in the stock table: its label and bolt pattern, or its row number. */
const variantSizeName = (row: SizeRowValues, i: number) =>
  row.label ? `${row.label}${row.boltPattern ? ` ${row.boltPattern}` : ""}` : `Size ${i + 1}`;

/** The product form's stock per colour x size: one cell per variant, `variantStock.c.s`. */
export function ProductStockGrid({
  colors,
  sizes,
  variantStock,
  errors,
}: {
  colors: Keyed<ColorRowValues>[];
  sizes: Keyed<SizeRowValues>[];
  variantStock: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-lg font-bold">Stock per variant</legend>
      <p className="mb-3 text-sm text-gray-600">
        Units of each colour and size. Cells left empty follow “Units in stock” above (spread evenly
        over the variants); “Sold out” sets them all to 0. Rows and columns follow the colours and
        sizes above (as they were when the page was loaded or saved, without JavaScript).
      </p>
      <FieldError
        id="pf-variantStock-error"
        message={
          Object.entries(errors).find(
            ([k]) => k.startsWith("variantStock") || k.startsWith("variants"),
          )?.[1]
        }
      />
      {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
      <div
        className="relative overflow-x-auto"
        role="region"
        aria-label="Stock per variant table"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1">
                Colour
              </th>
              {sizes.map(({ key, row }, si) => (
                <th key={key} scope="col" className="px-2 py-1">
                  {variantSizeName(row, si)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {colors.map(({ key, row }, ci) => (
              <tr key={key}>
                <th scope="row" className="px-2 py-1 font-semibold">
                  {row.name || `Colour ${ci + 1}`}
                </th>
                {sizes.map(({ key: sizeKey, row: size }, si) => (
                  <td key={sizeKey} className="px-2 py-1">
                    <input
                      name={`variantStock.${ci}.${si}`}
                      aria-label={`Stock of ${row.name || `colour ${ci + 1}`}, ${variantSizeName(size, si)}`}
                      defaultValue={variantStock[`${ci}.${si}`] ?? ""}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      className="w-24 rounded-md border border-gray-300 px-2 py-1"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
