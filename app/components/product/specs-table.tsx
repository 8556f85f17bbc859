import type { ProductSize } from "~/models/product-detail.server";

/** The table's columns: heading and the size's field (the first is the row's heading). */
const COLUMNS: [string, keyof ProductSize][] = [
  ["Size", "label"],
  ["Part number", "partNumber"],
  ["Diameter (in)", "diameter"],
  ["Width (in)", "width"],
  ["Bolt pattern", "boltPattern"],
  ["Offset (mm)", "offset"],
  ["Hub bore (mm)", "hubBore"],
];

/** Every size's measurements, the chosen one marked. */
export function SpecsTable({ sizes, sizeId }: { sizes: ProductSize[]; sizeId: number | null }) {
  return (
    <section aria-labelledby="specs">
      <h2 id="specs" className="mb-2 text-lg font-bold">
        Specifications
      </h2>
      {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
      <div
        className="relative overflow-x-auto"
        role="region"
        aria-label="Specifications table"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50">
            <tr>
              {COLUMNS.map(([label]) => (
                <th key={label} scope="col" className="px-2 py-2">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sizes.map((s) => (
              <tr
                key={s.id}
                aria-selected={s.id === sizeId}
                className={`border-t border-gray-200 ${s.id === sizeId ? "bg-brand-500/10 font-semibold" : ""}`}
              >
                <th scope="row" className="px-2 py-2">
                  {s.label}
                </th>
                {COLUMNS.slice(1).map(([label, key]) => (
                  <td key={label} className="px-2 py-2">
                    {s[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
