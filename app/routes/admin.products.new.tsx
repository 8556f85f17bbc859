import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { ProductForm } from "~/components/admin/product-form";
import { db } from "~/db/db.server";
import { answerProductForm, emptyProductValues } from "~/forms/product-form.server";
import { productFormOptions } from "~/models/product-admin-list.server";

export const meta: MetaFunction = () => [{ title: "Upload Product | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { options: await productFormOptions(db), values: emptyProductValues() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return answerProductForm(db, request, admin.id, null);
}

export default function NewProduct() {
  const { options, values } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  return (
    <>
      <h1 id="product-form-title" className="mb-6 pr-16 text-2xl font-extrabold tracking-tight">
        Upload Product
      </h1>
      <ProductForm
        mode="create"
        values={result?.values ?? values}
        errors={result?.errors}
        formError={result?.formError}
        options={options}
        cancelTo={`/admin/products${location.search}`}
      />
    </>
  );
}
