import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { ProductFormPage } from "~/components/admin/product-form-page";
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
  return (
    <ProductFormPage
      title="Upload Product"
      mode="create"
      values={values}
      options={options}
      result={result}
    />
  );
}
