import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { imageUrl } from "~/utils/images";
import type { ProductFormValues, SizeRowValues } from "~/forms/product-form.server";

/*
 * The product form of /admin/products/new and /admin/products/:id/edit. Without JavaScript the
 * Add and Remove row buttons post the form, which comes back with the row added or removed and
 * every typed value kept; with it they change the rows in place (chosen files stay chosen).
 */

// The form shows the server's values as typed (see forms/product-form.server.ts).
type SizeRow = SizeRowValues;
export type ProductFormValuesView = ProductFormValues;
export type ProductFormOptionsView = {
  brands: { slug: string; name: string }[];
  categories: { slug: string; name: string }[];
  vehicles: { slug: string; name: string }[];
};

const OTHER = "other";
const SIZE_COLUMNS: { key: keyof SizeRow; label: string; inputMode?: "decimal" }[] = [
  { key: "label", label: "Size label" },
  { key: "diameter", label: "Diameter (in)", inputMode: "decimal" },
  { key: "width", label: "Width (in)", inputMode: "decimal" },
  { key: "boltPattern", label: "Bolt pattern" },
  { key: "offset", label: "Offset (mm)", inputMode: "decimal" },
  { key: "hubBore", label: "Hub bore (mm)", inputMode: "decimal" },
  { key: "partNumber", label: "Part number" },
];
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 aria-[invalid=true]:border-red-600";
const smallButton =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-gray-100 focus-visible:outline-brand-500";

/** A size's name in the stock table: its label and bolt pattern, or its row number. */
const variantSizeName = (row: SizeRow, i: number) =>
  row.label ? `${row.label}${row.boltPattern ? ` ${row.boltPattern}` : ""}` : `Size ${i + 1}`;

let nextKey = 0;
const withKeys = <T,>(rows: T[]) => rows.map((row) => ({ key: nextKey++, row }));

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** Props that tie an input to its message. */
function describe(errors: Record<string, string>, name: string, hint?: string) {
  const errorId = `${fieldId(name)}-error`;
  const ids = [errors[name] ? errorId : null, hint ?? null].filter(Boolean).join(" ");
  return {
    id: fieldId(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": ids || undefined,
  } as const;
}
const fieldId = (name: string) => `pf-${name.replace(/\./g, "-")}`;

function Field({
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

export function ProductForm({
  mode,
  values,
  errors = {},
  options,
  formError,
  cancelTo,
}: {
  mode: "create" | "edit";
  values: ProductFormValuesView;
  errors?: Record<string, string>;
  options: ProductFormOptionsView;
  formError?: string;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [colors, setColors] = useState(() => withKeys(values.colors));
  const [sizes, setSizes] = useState(() => withKeys(values.sizes));
  const brandKnown = values.brand === "" || values.brand === OTHER || options.brands.some((b) => b.slug === values.brand);
  const categoryKnown =
    values.category === "" || values.category === OTHER || options.categories.some((c) => c.slug === values.category);

  /** A row button: posts the form without JavaScript, changes the rows in place with it. */
  const rowButton = (intent: string, label: string, onClick: () => void, accessibleName = label) => (
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

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-8" aria-describedby={formError ? "pf-form-error" : undefined}>
      {/* The default button: Enter in a text field saves, never removes a row. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      {formError ? (
        <div id="pf-form-error" role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          <p>{formError}</p>
          {errors.form ? <p className="mt-1">{errors.form}</p> : null}
        </div>
      ) : null}

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-bold">Product</legend>
        <Field name="title" label="Title" errors={errors}>
          <input {...describe(errors, "title")} defaultValue={values.title} required maxLength={200} className={inputClass} />
        </Field>
        <Field name="slug" label="Slug" errors={errors} hint="Lowercase letters, digits and hyphens, e.g. method-305-nv">
          <input
            {...describe(errors, "slug", `${fieldId("slug")}-hint`)}
            defaultValue={values.slug}
            required
            maxLength={120}
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        </Field>
        <Field name="brand" label="Brand" errors={errors}>
          <select {...describe(errors, "brand")} defaultValue={brandKnown ? values.brand : OTHER} required className={inputClass}>
            <option value="">Select…</option>
            {options.brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
            <option value={OTHER}>Other</option>
          </select>
        </Field>
        <Field name="brandOther" label="Other brand" errors={errors} hint="Used when the brand is Other">
          <input
            {...describe(errors, "brandOther", `${fieldId("brandOther")}-hint`)}
            defaultValue={brandKnown ? values.brandOther : values.brand}
            maxLength={80}
            className={inputClass}
          />
        </Field>
        <Field name="category" label="Category" errors={errors}>
          <select
            {...describe(errors, "category")}
            defaultValue={categoryKnown ? values.category : OTHER}
            required
            className={inputClass}
          >
            <option value="">Select…</option>
            {options.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
            <option value={OTHER}>Other</option>
          </select>
        </Field>
        <Field name="categoryOther" label="Other category" errors={errors} hint="Used when the category is Other">
          <input
            {...describe(errors, "categoryOther", `${fieldId("categoryOther")}-hint`)}
            defaultValue={categoryKnown ? values.categoryOther : values.category}
            maxLength={80}
            className={inputClass}
          />
        </Field>
        <Field name="price" label="Price (₹)" errors={errors} hint="In rupees, e.g. 1499.50">
          <input
            {...describe(errors, "price", `${fieldId("price")}-hint`)}
            defaultValue={values.price}
            required
            inputMode="decimal"
            className={inputClass}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <fieldset aria-describedby={errors.inStock ? `${fieldId("inStock")}-error` : undefined}>
            <legend className="block text-sm font-semibold">Availability</legend>
            <div className="mt-2 space-y-1 text-sm">
              <label className="flex items-center gap-2">
                <input type="radio" name="inStock" value="true" defaultChecked={values.inStock === "true"} /> In stock
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="inStock" value="false" defaultChecked={values.inStock === "false"} /> Sold out
              </label>
            </div>
            <FieldError id={`${fieldId("inStock")}-error`} message={errors.inStock} />
          </fieldset>
          <Field name="stock" label="Units in stock" errors={errors}>
            <input
              {...describe(errors, "stock")}
              defaultValue={values.stock}
              inputMode="numeric"
              pattern="[0-9]*"
              className={inputClass}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field name="description" label="Description (optional)" errors={errors}>
            <textarea {...describe(errors, "description")} defaultValue={values.description} rows={4} maxLength={5000} className={inputClass} />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field name="image" label="Main image (optional)" errors={errors} hint="JPEG, PNG, WebP or AVIF, up to 5 MB. Without one, the first colour image is used.">
            {values.image ? (
              <img src={imageUrl(values.image, 320)} alt="Current main view" width={80} height={80} className="mt-1 h-20 w-20 rounded border object-contain" />
            ) : null}
            <input {...describe(errors, "image", `${fieldId("image")}-hint`)} type="file" accept={ACCEPT} className="mt-1 block text-sm" />
          </Field>
          {values.image ? <input type="hidden" name="currentImage" value={values.image} /> : null}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-lg font-bold">Fitment</legend>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" name="universalFit" defaultChecked={values.universalFit} /> Fits every vehicle (universal)
        </label>
        <fieldset className="mt-3" aria-describedby={errors.vehicles ? `${fieldId("vehicles")}-error` : undefined}>
          <legend className="text-sm text-gray-600">Or the vehicles it fits:</legend>
          <div className="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-3 lg:grid-cols-4">
            {options.vehicles.map((v) => (
              <label key={v.slug} className="flex items-center gap-2">
                <input type="checkbox" name="vehicles" value={v.slug} defaultChecked={values.vehicles.includes(v.slug)} /> {v.name}
              </label>
            ))}
          </div>
          <FieldError id={`${fieldId("vehicles")}-error`} message={errors.vehicles} />
        </fieldset>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-bold">Colours</legend>
        <p className="mb-3 text-sm text-gray-600">Each colour has a name and any number of images (JPEG, PNG, WebP or AVIF, up to 5 MB each).</p>
        <FieldError id="pf-colors-error" message={errors.colors ?? errors.colorImages} />
        <ol className="space-y-4">
          {colors.map(({ key, row }, i) => (
            <li key={key}>
              <fieldset className="rounded-lg border border-gray-200 p-4">
                <legend className="px-1 text-sm font-semibold">Colour {i + 1}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field name={`colors.${i}.name`} label={`Colour ${i + 1} name`} errors={errors}>
                    <input {...describe(errors, `colors.${i}.name`)} defaultValue={row.name} maxLength={60} className={inputClass} />
                  </Field>
                  <Field name={`colors.${i}.images`} label={`Colour ${i + 1} images`} errors={errors}>
                    <input {...describe(errors, `colors.${i}.images`)} type="file" multiple accept={ACCEPT} className="mt-1 block text-sm" />
                  </Field>
                </div>
                {row.stored.length > 0 ? (
                  <ul className="mt-3 flex flex-wrap gap-3" aria-label={`Stored images of colour ${i + 1}`}>
                    {row.stored.map((image, n) => (
                      <li key={image} className="flex flex-col items-center gap-1 text-xs">
                        <input type="hidden" name={`colors.${i}.stored`} value={image} />
                        <img src={imageUrl(image, 320)} alt={`${row.name || `Colour ${i + 1}`}, view ${n + 1}`} width={64} height={64} className="h-16 w-16 rounded border object-contain" />
                        <label className="flex items-center gap-1">
                          <input type="checkbox" name={`colors.${i}.remove`} value={image} defaultChecked={row.remove.includes(image)} />
                          Remove
                        </label>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="mt-3">
                  {rowButton(
                    `remove-color:${i}`,
                    "Remove colour",
                    () => setColors((rows) => rows.filter((r) => r.key !== key)),
                    `Remove colour ${i + 1}`,
                  )}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="mt-3">
          {rowButton("add-color", "Add colour", () =>
            setColors((rows) => [...rows, ...withKeys([{ name: "", stored: [], remove: [] }])]),
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-bold">Wheel sizes</legend>
        <p className="mb-3 text-sm text-gray-600">For wheels: every field of a size is needed. Leave a row blank to skip it.</p>
        <FieldError id="pf-sizes-error" message={errors.sizes ?? errors.size} />
        <ol className="space-y-4">
          {sizes.map(({ key, row }, i) => (
            <li key={key}>
              <fieldset className="rounded-lg border border-gray-200 p-4">
                <legend className="px-1 text-sm font-semibold">Size {i + 1}</legend>
                {row.id ? <input type="hidden" name={`sizes.${i}.id`} value={row.id} /> : null}
                <div className="grid gap-3 sm:grid-cols-4 lg:grid-cols-7">
                  {SIZE_COLUMNS.map((col) => (
                    <Field key={col.key} name={`sizes.${i}.${col.key}`} label={col.label} errors={errors}>
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
                <div className="mt-3">
                  {rowButton(
                    `remove-size:${i}`,
                    "Remove size",
                    () => setSizes((rows) => rows.filter((r) => r.key !== key)),
                    `Remove size ${i + 1}`,
                  )}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="mt-3">
          {rowButton("add-size", "Add size", () =>
            setSizes((rows) => [
              ...rows,
              ...withKeys([{ label: "", diameter: "", width: "", boltPattern: "", offset: "", hubBore: "", partNumber: "" }]),
            ]),
          )}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-lg font-bold">Stock per variant</legend>
        <p className="mb-3 text-sm text-gray-600">
          Units of each colour and size. Cells left empty follow “Units in stock” above (spread evenly over the variants);
          “Sold out” sets them all to 0. Rows and columns follow the colours and sizes above (as they were when the page was
          loaded or saved, without JavaScript).
        </p>
        <FieldError id="pf-variantStock-error" message={Object.entries(errors).find(([k]) => k.startsWith("variantStock") || k.startsWith("variants"))?.[1]} />
        {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="overflow-x-auto" role="region" aria-label="Stock per variant table" tabIndex={0}>
          <table className="text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1">Colour</th>
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
                        defaultValue={values.variantStock[`${ci}.${si}`] ?? ""}
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

      <div className="flex items-center gap-3 border-t pt-6">
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={saving}
          className="rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {saving ? "Saving..." : mode === "create" ? "Upload product" : "Save changes"}
        </button>
        <Link to={cancelTo} className="rounded-md px-4 py-2.5 font-semibold text-gray-700 hover:bg-gray-100">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
