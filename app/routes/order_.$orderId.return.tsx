import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { errorAria, FieldError, useFocusFirstError } from "~/components/form-field";
import { ItemQuantities } from "~/components/item-quantities";
import { formatOrderDate } from "~/components/order-items";
import { db } from "~/db/db.server";
import { typedValues } from "~/forms/typed-values";
import { getOrderForUser } from "~/models/order/index.server";
import {
  MAX_RETURN_PHOTOS,
  requestReturn,
  RETURN_DAYS,
  RETURN_PHOTO_LIMITS,
  returnClosed,
  returnDeadline,
} from "~/models/return.server";
import { getEnv } from "~/utils/env.server";
import { randomImageKey, removeImage, writeWebpVariants } from "~/utils/images.server";
import { redirectWithToast } from "~/utils/toast.server";
import {
  FORM_UNREADABLE,
  readFormBody,
  sniffImageType,
  UploadTooLargeError,
} from "~/utils/upload.server";
import { idSchema } from "~/utils/validation";

export const meta: MetaFunction = () => [
  { title: "Return items | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

type ActionData = {
  errors: Record<string, string>;
  reason?: string;
  /** The quantities chosen (`qty-<itemId>`), put back in their fields when the request is refused. */
  values?: Record<string, string>;
};

async function load(request: Request, param: string | undefined) {
  const user = await requireUser(request);
  const id = idSchema.safeParse(param);
  const order = id.success ? await getOrderForUser(db, user.id, id.data) : null;
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  return { user, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { order } = await load(request, params.orderId);
  const deadline = await returnDeadline(db, order.id);
  const open = order.status === "delivered" && deadline != null && Date.now() <= deadline.getTime();
  return {
    order: { id: order.id, items: order.items },
    open,
    until: deadline?.toISOString() ?? null,
    days: RETURN_DAYS,
    maxPhotos: MAX_RETURN_PHOTOS,
  };
}

/** The return request: a quantity per line (`qty-<itemId>`), a reason, up to 4 photos (images only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order } = await load(request, params.orderId);
  // Whether this order can be returned at all is known before its photos are read and decoded.
  const closed = await returnClosed(db, order);
  if (closed) return data<ActionData>({ errors: { form: closed } }, { status: 409 });
  let upload;
  try {
    upload = await readFormBody(request, RETURN_PHOTO_LIMITS);
  } catch (error) {
    if (error instanceof UploadTooLargeError)
      return data<ActionData>({ errors: { photos: error.message } }, { status: 413 });
    return data<ActionData>({ errors: { form: FORM_UNREADABLE } }, { status: 400 });
  }
  const form = upload.formData;
  const reason = String(form.get("reason") ?? "");
  const values = typedValues(
    form,
    order.items.map((i) => `qty-${i.id}`),
  );
  if (upload.fileErrors.photos) {
    return data<ActionData>(
      { errors: { photos: upload.fileErrors.photos }, reason, values },
      { status: 400 },
    );
  }
  const lines = order.items.map((i) => ({
    orderItemId: i.id,
    quantity: Number(form.get(`qty-${i.id}`) || 0),
  }));
  if (lines.some((l) => !Number.isSafeInteger(l.quantity) || l.quantity < 0)) {
    return data<ActionData>(
      { errors: { lines: "Enter whole numbers of items" }, reason, values },
      { status: 400 },
    );
  }
  // The same checks as admin uploads: the bytes must be JPEG, PNG, WebP or AVIF; re-encoded to WebP.
  const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
  for (const file of files) {
    if (!sniffImageType(new Uint8Array(await file.slice(0, 4096).arrayBuffer()))) {
      return data<ActionData>(
        {
          errors: { photos: `${file.name}: only JPEG, PNG, WebP or AVIF images are accepted.` },
          reason,
          values,
        },
        { status: 400 },
      );
    }
  }
  const uploadsDir = getEnv().UPLOADS_DIR;
  const keys: string[] = [];
  try {
    for (const file of files) {
      const key = randomImageKey("r");
      await writeWebpVariants(Buffer.from(await file.arrayBuffer()), uploadsDir, key);
      keys.push(key);
    }
  } catch {
    await Promise.all(keys.map((k) => removeImage(uploadsDir, k)));
    return data<ActionData>(
      { errors: { photos: "One of the photos could not be read as an image." }, reason, values },
      { status: 400 },
    );
  }
  const result = await requestReturn(db, {
    userId: user.id,
    orderId: order.id,
    lines,
    reason,
    photos: keys,
  });
  if (!result.ok) {
    await Promise.all(keys.map((k) => removeImage(uploadsDir, k)));
    if (result.status === 404) throw data({ message: "Order not found" }, { status: 404 });
    return data<ActionData>(
      { errors: { [result.field ?? "form"]: result.message }, reason, values },
      { status: 400 },
    );
  }
  return redirectWithToast(
    `/order/${order.id}`,
    {
      type: "success",
      message: "Your return request is sent. We will answer within 2 working days.",
    },
    request,
  );
}

export default function ReturnPage() {
  const { order, open, until, days, maxPhotos } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string> = result?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  // After a refusal the focus is on the first field to fix (autoFocus: without JavaScript too).
  // A message for the whole request (the order can no longer be returned) has no field.
  const fields = useFocusFirstError<HTMLFormElement>(result?.errors);
  const first = (["lines", "reason", "photos"] as const).find((f) => errors[f]);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-2xl font-extrabold tracking-tight">
        Return items from order #{order.id}
      </h1>
      {!open ? (
        <p role="alert" className="mt-6 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {until
            ? `Returns are possible within ${days} days of delivery; for this order that was until ${formatOrderDate(until)}.`
            : "Items can be returned once the order is delivered."}
        </p>
      ) : (
        <Form
          ref={fields}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-6 space-y-5"
        >
          <p className="text-sm text-gray-700">
            You can ask for a return until {until ? formatOrderDate(until) : null}.
          </p>
          {errors.form ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {errors.form}
            </p>
          ) : null}
          <fieldset aria-describedby={errors.lines ? "lines-error" : undefined}>
            <legend className="font-semibold">Items to return</legend>
            <ItemQuantities
              items={order.items}
              label={(i) => `${i.title} (you bought ${i.quantity})`}
              defaultValue={0}
              typed={result?.values}
              rowClassName="mt-2 flex items-center gap-3 text-sm"
              errorId={errors.lines ? "lines-error" : undefined}
              focusFirst={first === "lines"}
            />
            <FieldError name="lines" error={errors.lines} />
          </fieldset>
          <div>
            <label htmlFor="reason" className="block font-semibold">
              Why are you returning them?
            </label>
            <textarea
              id="reason"
              name="reason"
              required
              rows={3}
              maxLength={1000}
              defaultValue={result?.reason}
              {...errorAria("reason", errors.reason)}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
              autoFocus={first === "reason" || undefined}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2"
            />
            <FieldError name="reason" error={errors.reason} />
          </div>
          <div>
            <label htmlFor="photos" className="block font-semibold">
              Photos (up to {maxPhotos}, optional)
            </label>
            <input
              id="photos"
              name="photos"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/avif"
              {...errorAria("photos", errors.photos)}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
              autoFocus={first === "photos" || undefined}
              className="mt-1 block text-sm"
            />
            <FieldError name="photos" error={errors.photos} />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-ink-900 px-4 py-2.5 font-semibold text-white hover:bg-black disabled:opacity-60"
          >
            {busy ? "Sending..." : "Ask for a return"}
          </button>
        </Form>
      )}
      <p className="mt-8">
        <Link to={`/order/${order.id}`} className="font-semibold underline">
          Back to the order
        </Link>
      </p>
    </div>
  );
}
