import type { ProductSize } from "~/models/product-detail.server";
import { offsetText } from "~/utils/variant";
import { FEW_LEFT } from "./stock-text";

/** The wheel sizes as radio buttons (`sizeId`), sold-out ones disabled, with part and offset. */
export function SizePicker({
  sizes,
  sizeStock,
  sizeId,
  onChange,
}: {
  sizes: ProductSize[];
  /** Units left of each size in the chosen colour. */
  sizeStock: Map<number, number>;
  sizeId: number | null;
  onChange: (sizeId: number) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">Wheel size</legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((s) => {
          const left = sizeStock.get(s.id) ?? 0;
          return (
            <label
              key={s.id}
              className={`relative flex flex-col rounded-lg border-2 border-gray-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${left > 0 ? "cursor-pointer" : "cursor-not-allowed bg-gray-50 text-gray-500"}`}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="sizeId"
                  value={s.id}
                  checked={s.id === sizeId}
                  disabled={left <= 0}
                  onChange={() => onChange(s.id)}
                  // Unseen but over the whole tile: a tap anywhere on it lands on the radio itself.
                  className="absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                />
                <span className="font-semibold">
                  {s.label} · {s.boltPattern}
                  {left <= 0 ? " (Sold out)" : ""}
                </span>
              </span>
              <span className="text-xs text-gray-600">
                Part {s.partNumber} · offset {offsetText(s.offset)}
                {left > 0 && left <= FEW_LEFT ? ` · only ${left} left` : ""}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
