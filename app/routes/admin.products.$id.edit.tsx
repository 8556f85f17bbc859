import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { ProductFormPage } from "~/components/admin/product-form-page";
import { db } from "~/db/db.server";
import { answerProductForm, editFormValues } from "~/forms/product-form.server";
import { getProductForEdit, productFormOptions } from "~/models/product-admin-list.server";
import { invariantResponse, requireIdParam } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Edit product | Admin" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = requireIdParam(params.id);
  const [product, options] = await Promise.all([getProductForEdit(db, id), productFormOptions(db)]);
  invariantResponse(product);
  return { id: product.id, values: editFormValues(product), options };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return answerProductForm(db, request, admin.id, requireIdParam(params.id));
}

export default function EditProduct() {
  const { id, values, options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ProductFormPage
      title={
        <>
          Edit product <span className="text-base font-semibold text-gray-500">#{id}</span>
        </>
      }
      mode="edit"
      formKey={id}
      values={values}
      options={options}
      result={result}
    />
  );
}
