import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ProductForm } from "./product-form";

type FormProps = Parameters<typeof ProductForm>[0];

/** The product form's page (new or edit): its title, and the form with what the last post answered. */
export function ProductFormPage({
  title,
  mode,
  formKey,
  values,
  options,
  result,
}: {
  title: ReactNode;
  mode: FormProps["mode"];
  formKey?: number;
  values: FormProps["values"];
  options: FormProps["options"];
  result?: {
    values?: FormProps["values"] | null;
    errors?: FormProps["errors"];
    formError?: string;
  };
}) {
  const location = useLocation();
  return (
    <>
      <h1 id="product-form-title" className="mb-6 pr-16 text-2xl font-extrabold tracking-tight">
        {title}
      </h1>
      <ProductForm
        key={formKey}
        mode={mode}
        values={result?.values ?? values}
        errors={result?.errors}
        formError={result?.formError}
        options={options}
        cancelTo={`/admin/products${location.search}`}
      />
    </>
  );
}
