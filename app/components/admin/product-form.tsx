import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { FetcherFlag } from "~/components/fetcher-flag";
import { slugify } from "~/utils/slug";
import { imageUrl, PRODUCT_IMAGE_LIMITS } from "~/utils/images";
import type { ProductFormValues } from "~/forms/product-form.server";
import { ProductColorRows, ProductSizeRows } from "./product-form-rows";
import {
  ACCEPT,
  describe,
  Field,
  FieldError,
  fieldId,
  inputClass,
  withKeys,
} from "./product-form-fields";
import { ProductStockGrid } from "./product-stock-grid";

/*
 * The product form of /admin/products/new and /admin/products/:id/edit. Without JavaScript the
 * Add and Remove row buttons post the form, which comes back with the row added or removed and
 * every typed value kept; with it they change the rows in place (chosen files stay chosen).
 */

// The form shows the server's values as typed (see forms/product-form.server.ts).
export type ProductFormValuesView = ProductFormValues;
export type ProductFormOptionsView = {
  brands: { slug: string; name: string }[];
  categories: { slug: string; name: string }[];
  vehicles: { slug: string; name: string }[];
};

const OTHER = "other";
const MB = 1024 * 1024;

/**
 * With JavaScript, a save whose files are over one save's limits is stopped before it posts:
 * the server would refuse the whole body, unread.
 */
function uploadProblem(form: HTMLFormElement): string | null {
  const files = [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].flatMap(
    (input) => [...(input.files ?? [])],
  );
  const { files: most, totalMb } = PRODUCT_IMAGE_LIMITS;
  if (files.length > most) {
    return `At most ${most} images can be uploaded in one save; ${files.length} are chosen.`;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > totalMb * MB) {
    return `The chosen images add up to ${Math.ceil(total / MB)} MB; at most ${totalMb} MB can be uploaded in one save. Choose fewer or smaller images, or save some of them afterwards.`;
  }
  return null;
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
  const [uploadError, setUploadError] = useState<string | null>(null);
  // A new product's slug follows its title as it is typed (with JavaScript), until the admin types
  // a slug of their own; the server still requires one, so without JavaScript it is typed.
  const slug = useRef<HTMLInputElement>(null);
  const slugFollowsTitle = useRef(mode === "create" && !values.slug);
  const brandKnown =
    values.brand === "" ||
    values.brand === OTHER ||
    options.brands.some((b) => b.slug === values.brand);
  const categoryKnown =
    values.category === "" ||
    values.category === OTHER ||
    options.categories.some((c) => c.slug === values.category);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      noValidate
      className="space-y-8"
      aria-describedby={formError ? "pf-form-error" : undefined}
      onSubmit={(event) => {
        const problem = uploadProblem(event.currentTarget);
        setUploadError(problem);
        if (problem) event.preventDefault();
      }}
    >
      {/* Tells the action that this browser keeps the chosen files when a save is refused. */}
      <FetcherFlag />
      {/* The default button: Enter in a text field saves, never removes a row. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      {formError ? (
        <div
          id="pf-form-error"
          role="alert"
          className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <p>{formError}</p>
          {errors.form ? <p className="mt-1">{errors.form}</p> : null}
        </div>
      ) : null}

      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-3 text-lg font-bold">Product</legend>
        <Field name="title" label="Title" errors={errors}>
          <input
            {...describe(errors, "title")}
            defaultValue={values.title}
            required
            maxLength={200}
            className={inputClass}
            onInput={(event) => {
              if (slugFollowsTitle.current && slug.current)
                slug.current.value = slugify(event.currentTarget.value).slice(0, 120);
            }}
          />
        </Field>
        <Field
          name="slug"
          label="Slug"
          errors={errors}
          hint="Lowercase letters, digits and hyphens, e.g. method-305-nv"
        >
          <input
            ref={slug}
            {...describe(errors, "slug", `${fieldId("slug")}-hint`)}
            defaultValue={values.slug}
            onInput={(event) => {
              // Typed by the admin: theirs from now on (emptied: it follows the title again).
              slugFollowsTitle.current = mode === "create" && event.currentTarget.value === "";
            }}
            required
            maxLength={120}
            autoCapitalize="none"
            spellCheck={false}
            className={inputClass}
          />
        </Field>
        <Field name="brand" label="Brand" errors={errors}>
          <select
            {...describe(errors, "brand")}
            defaultValue={brandKnown ? values.brand : OTHER}
            required
            className={inputClass}
          >
            <option value="">Select…</option>
            {options.brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
            <option value={OTHER}>Other</option>
          </select>
        </Field>
        <Field
          name="brandOther"
          label="Other brand"
          errors={errors}
          hint="Used when the brand is Other"
        >
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
        <Field
          name="categoryOther"
          label="Other category"
          errors={errors}
          hint="Used when the category is Other"
        >
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
                <input
                  type="radio"
                  name="inStock"
                  value="true"
                  defaultChecked={values.inStock === "true"}
                />{" "}
                In stock
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="inStock"
                  value="false"
                  defaultChecked={values.inStock === "false"}
                />{" "}
                Sold out
              </label>
            </div>
            <FieldError id={`${fieldId("inStock")}-error`} message={errors.inStock} />
          </fieldset>
          <Field name="stock" label="Units in stock" errors={errors}>
            <input
              // A save refused because the stock moved comes back with the current counts: a new
              // key shows them instead of the ones typed (the same for the cells below).
              key={values.stockSeen}
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
            <textarea
              {...describe(errors, "description")}
              defaultValue={values.description}
              rows={4}
              maxLength={5000}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field
            name="image"
            label="Main image (optional)"
            errors={errors}
            hint={`JPEG, PNG, WebP or AVIF, up to ${PRODUCT_IMAGE_LIMITS.fileMb} MB. Without one, the first colour image is used.`}
          >
            {values.image ? (
              <img
                src={imageUrl(values.image, 320)}
                alt="Current main view"
                width={80}
                height={80}
                className="mt-1 h-20 w-20 rounded border object-contain"
              />
            ) : null}
            <input
              {...describe(errors, "image", `${fieldId("image")}-hint`)}
              type="file"
              accept={ACCEPT}
              className="mt-1 block text-sm"
            />
          </Field>
          {values.image ? <input type="hidden" name="currentImage" value={values.image} /> : null}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-3 text-lg font-bold">Fitment</legend>
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input type="checkbox" name="universalFit" defaultChecked={values.universalFit} /> Fits
          every vehicle (universal)
        </label>
        <fieldset
          className="mt-3"
          aria-describedby={errors.vehicles ? `${fieldId("vehicles")}-error` : undefined}
        >
          <legend className="text-sm text-gray-600">Or the vehicles it fits:</legend>
          <div className="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-3 lg:grid-cols-4">
            {options.vehicles.map((v) => (
              <label key={v.slug} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  name="vehicles"
                  value={v.slug}
                  defaultChecked={values.vehicles?.includes(v.slug)}
                />{" "}
                {v.name}
              </label>
            ))}
          </div>
          <FieldError id={`${fieldId("vehicles")}-error`} message={errors.vehicles} />
        </fieldset>
      </fieldset>

      <ProductColorRows rows={colors} setRows={setColors} errors={errors} />
      <ProductSizeRows rows={sizes} setRows={setSizes} errors={errors} />
      {values.stockSeen ? <input type="hidden" name="stockSeen" value={values.stockSeen} /> : null}
      {values.editedAt ? <input type="hidden" name="editedAt" value={values.editedAt} /> : null}
      <ProductStockGrid
        key={values.stockSeen}
        colors={colors}
        sizes={sizes}
        variantStock={values.variantStock}
        errors={errors}
      />

      {uploadError ? (
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {uploadError}
        </p>
      ) : null}
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
        <Link
          to={cancelTo}
          className="rounded-md px-4 py-2.5 font-semibold text-gray-700 hover:bg-gray-100"
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}
