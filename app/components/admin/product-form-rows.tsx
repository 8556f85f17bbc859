import type { ColorRowValues, SizeRowValues } from "~/forms/product-form.server";
import { imageUrl, PRODUCT_IMAGE_LIMITS } from "~/utils/images";
import {
  ACCEPT,
  describe,
  Field,
  FieldError,
  FormRows,
  inputClass,
  type RowsProps,
} from "./product-form-fields";

/* The product form's rows of colours and of wheel sizes (see FormRows for their buttons). */

const blankColor = (): ColorRowValues => ({ name: "", stored: [], remove: [] });

/** The product form's colour rows: a name, new images, and the stored images with "Remove". */
export function ProductColorRows({ rows, setRows, errors }: RowsProps<ColorRowValues>) {
  return (
    <fieldset>
      <legend className="mb-1 text-lg font-bold">Colours</legend>
      <p className="mb-3 text-sm text-gray-600">
        Each colour has a name and any number of images (JPEG, PNG, WebP or AVIF, up to{" "}
        {PRODUCT_IMAGE_LIMITS.fileMb} MB each; at most {PRODUCT_IMAGE_LIMITS.files} images and{" "}
        {PRODUCT_IMAGE_LIMITS.totalMb} MB in one save).
      </p>
      <FieldError id="pf-colors-error" message={errors.colors ?? errors.colorImages} />
      <FormRows rows={rows} setRows={setRows} intent="color" noun="colour" blank={blankColor}>
        {(row, i) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field name={`colors.${i}.name`} label={`Colour ${i + 1} name`} errors={errors}>
                <input
                  {...describe(errors, `colors.${i}.name`)}
                  defaultValue={row.name}
                  maxLength={60}
                  className={inputClass}
                />
              </Field>
              <Field name={`colors.${i}.images`} label={`Colour ${i + 1} images`} errors={errors}>
                <input
                  {...describe(errors, `colors.${i}.images`)}
                  type="file"
                  multiple
                  accept={ACCEPT}
                  className="mt-1 block text-sm"
                />
              </Field>
            </div>
            {row.stored.length > 0 ? (
              <ul
                className="mt-3 flex flex-wrap gap-3"
                aria-label={`Stored images of colour ${i + 1}`}
              >
                {row.stored.map((image, n) => (
                  <li key={image} className="flex flex-col items-center gap-1 text-xs">
                    <input type="hidden" name={`colors.${i}.stored`} value={image} />
                    <img
                      src={imageUrl(image, 320)}
                      alt={`${row.name || `Colour ${i + 1}`}, view ${n + 1}`}
                      width={64}
                      height={64}
                      className="h-16 w-16 rounded border object-contain"
                    />
                    <label className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        name={`colors.${i}.remove`}
                        value={image}
                        defaultChecked={row.remove.includes(image)}
                      />
                      Remove
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </FormRows>
    </fieldset>
  );
}

const SIZE_COLUMNS: {
  key: keyof Omit<SizeRowValues, "id" | "stock">;
  label: string;
  inputMode?: "decimal";
}[] = [
  { key: "label", label: "Size label" },
  { key: "diameter", label: "Diameter (in)", inputMode: "decimal" },
  { key: "width", label: "Width (in)", inputMode: "decimal" },
  { key: "boltPattern", label: "Bolt pattern" },
  { key: "offset", label: "Offset (mm)", inputMode: "decimal" },
  { key: "hubBore", label: "Hub bore (mm)", inputMode: "decimal" },
  { key: "partNumber", label: "Part number" },
];

const blankSize = (): SizeRowValues =>
  Object.fromEntries(SIZE_COLUMNS.map((c) => [c.key, ""])) as SizeRowValues;

/** The product form's wheel size rows: the seven fields of each size. */
export function ProductSizeRows({ rows, setRows, errors }: RowsProps<SizeRowValues>) {
  return (
    <fieldset>
      <legend className="mb-1 text-lg font-bold">Wheel sizes</legend>
      <p className="mb-3 text-sm text-gray-600">
        For wheels: every field of a size is needed. Leave a row blank to skip it.
      </p>
      <FieldError id="pf-sizes-error" message={errors.sizes ?? errors.size} />
      <FormRows rows={rows} setRows={setRows} intent="size" noun="size" blank={blankSize}>
        {(row, i) => (
          <>
            {row.id ? <input type="hidden" name={`sizes.${i}.id`} value={row.id} /> : null}
            <div className="grid gap-3 sm:grid-cols-4 lg:grid-cols-7">
              {SIZE_COLUMNS.map((col) => (
                <Field
                  key={col.key}
                  name={`sizes.${i}.${col.key}`}
                  label={col.label}
                  errors={errors}
                >
                  <input
                    {...describe(errors, `sizes.${i}.${col.key}`)}
                    defaultValue={row[col.key]}
                    inputMode={col.inputMode}
                    aria-label={`Size ${i + 1} ${col.label}`}
                    className={inputClass}
                  />
                </Field>
              ))}
            </div>
          </>
        )}
      </FormRows>
    </fieldset>
  );
}
