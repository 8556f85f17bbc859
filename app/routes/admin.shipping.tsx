import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import {
  getSettings,
  saveSettings,
  settingsSchema,
  type ShopSettings,
} from "~/models/settings.server";
import { ZONE_LABELS, ZONES } from "~/utils/shipping-zones";
import { countServiceabilityOverrides, importServiceability } from "~/models/shipping.server";
import { securityEvent } from "~/utils/log.server";
import { formatPaise, rupeesToPaise } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Shipping and COD | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { settings: await getSettings(db), overrides: await countServiceabilityOverrides(db) };
}

type ActionData = { errors: Record<string, string>; csvErrors?: string[] };

const MAX_CSV_BYTES = 2 * 1024 * 1024;

/** Rupees typed in a field to paise, or an error for that field. */
function paiseField(form: FormData, name: string, errors: Record<string, string>): number {
  const paise = rupeesToPaise(String(form.get(name) ?? ""));
  if (paise === null) errors[name] = "Enter an amount in rupees, e.g. 499 or 499.50";
  return paise ?? 0;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") === "csv") {
    const file = form.get("csv");
    if (!(file instanceof File) || file.size === 0) {
      return data<ActionData>({ errors: { csv: "Choose a CSV file" } }, { status: 400 });
    }
    if (file.size > MAX_CSV_BYTES) {
      return data<ActionData>({ errors: { csv: "The file is larger than 2 MB" } }, { status: 400 });
    }
    const result = await importServiceability(db, await file.text());
    if (!result.ok) {
      return data<ActionData>(
        {
          errors: { csv: "Nothing was imported: correct these lines and upload again." },
          csvErrors: result.errors,
        },
        { status: 400 },
      );
    }
    securityEvent("admin.settings", {
      adminId: admin.id,
      what: "serviceability",
      pins: result.count,
    });
    return redirectWithToast(
      "/admin/shipping",
      { type: "success", message: `Imported ${result.count} PIN codes` },
      request,
    );
  }

  const errors: Record<string, string> = {};
  const current = await getSettings(db);
  const zones = { ...current.zones };
  for (const zone of ZONES) {
    const days = Number(form.get(`${zone}.days`));
    zones[zone] = {
      firstKgPaise: paiseField(form, `${zone}.firstKg`, errors),
      perKgPaise: paiseField(form, `${zone}.perKg`, errors),
      days:
        Number.isInteger(days) && days >= 1 && days <= 30
          ? days
          : ((errors[`${zone}.days`] = "1 to 30 days"), 1),
      cod: form.get(`${zone}.cod`) === "on",
      serviceable: form.get(`${zone}.serviceable`) === "on",
    };
  }
  const next: ShopSettings = {
    zones,
    freeShippingFromPaise: paiseField(form, "freeShippingFrom", errors),
    codLimitPaise: paiseField(form, "codLimit", errors),
    codFeePaise: paiseField(form, "codFee", errors),
    cutoffTime: String(form.get("cutoffTime") ?? "").trim(),
  };
  const parsed = settingsSchema.safeParse(next);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      errors[issue.path.at(-1) === "cutoffTime" ? "cutoffTime" : "form"] ??= issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) {
    return data<ActionData>({ errors }, { status: 400 });
  }
  await saveSettings(db, parsed.data);
  securityEvent("admin.settings", { adminId: admin.id, what: "shipping" });
  return redirectWithToast(
    "/admin/shipping",
    { type: "success", message: "Shipping settings saved" },
    request,
  );
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const input =
  "mt-1 w-28 rounded-md border border-gray-300 px-2 py-1 text-sm aria-[invalid=true]:border-red-600";

function Money({
  name,
  label,
  paise,
  errors,
}: {
  name: string;
  label: string;
  paise: number;
  errors: Record<string, string>;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-semibold">
        {label} (₹)
      </label>
      <input
        id={name}
        name={name}
        inputMode="decimal"
        defaultValue={rupees(paise)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={input}
      />
      {errors[name] ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
}

export default function AdminShipping() {
  const { settings, overrides } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <section
      aria-labelledby="shipping-title"
      className="space-y-8 rounded-lg border-2 border-ink-900 bg-white p-5"
    >
      <h1 id="shipping-title" className="text-2xl font-extrabold tracking-tight">
        Shipping and cash on delivery
      </h1>
      <Form method="post" className="space-y-6" noValidate>
        <input type="hidden" name="intent" value="settings" />
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-6">
          <Money
            name="freeShippingFrom"
            label="Free shipping from"
            paise={settings.freeShippingFromPaise}
            errors={errors}
          />
          <Money name="codLimit" label="COD limit" paise={settings.codLimitPaise} errors={errors} />
          <Money name="codFee" label="COD fee" paise={settings.codFeePaise} errors={errors} />
          <div>
            <label htmlFor="cutoffTime" className="block text-sm font-semibold">
              Cut-off time (India)
            </label>
            <input
              id="cutoffTime"
              name="cutoffTime"
              defaultValue={settings.cutoffTime}
              aria-invalid={errors.cutoffTime ? true : undefined}
              aria-describedby={errors.cutoffTime ? "cutoffTime-error" : undefined}
              className={input}
            />
            {errors.cutoffTime ? (
              <p id="cutoffTime-error" className="mt-1 text-sm text-red-700">
                {errors.cutoffTime}
              </p>
            ) : null}
          </div>
        </div>
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-bold">
            Rates and delivery times by zone (GST included)
          </caption>
          <thead>
            <tr>
              <th scope="col">Zone</th>
              <th scope="col">First kg</th>
              <th scope="col">Each further kg</th>
              <th scope="col">Days</th>
              <th scope="col">COD</th>
              <th scope="col">Delivered</th>
            </tr>
          </thead>
          <tbody>
            {ZONES.map((zone) => {
              const z = settings.zones[zone];
              return (
                <tr key={zone} className="align-top">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    {ZONE_LABELS[zone]}
                  </th>
                  <td>
                    <input
                      aria-label={`${ZONE_LABELS[zone]}: first kg (₹)`}
                      name={`${zone}.firstKg`}
                      defaultValue={rupees(z.firstKgPaise)}
                      className={input}
                    />
                    {errors[`${zone}.firstKg`] ? (
                      <p className="text-red-700">{errors[`${zone}.firstKg`]}</p>
                    ) : null}
                  </td>
                  <td>
                    <input
                      aria-label={`${ZONE_LABELS[zone]}: each further kg (₹)`}
                      name={`${zone}.perKg`}
                      defaultValue={rupees(z.perKgPaise)}
                      className={input}
                    />
                    {errors[`${zone}.perKg`] ? (
                      <p className="text-red-700">{errors[`${zone}.perKg`]}</p>
                    ) : null}
                  </td>
                  <td>
                    <input
                      aria-label={`${ZONE_LABELS[zone]}: days`}
                      name={`${zone}.days`}
                      inputMode="numeric"
                      defaultValue={z.days}
                      className={input}
                    />
                    {errors[`${zone}.days`] ? (
                      <p className="text-red-700">{errors[`${zone}.days`]}</p>
                    ) : null}
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${ZONE_LABELS[zone]}: cash on delivery`}
                      name={`${zone}.cod`}
                      defaultChecked={z.cod}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${ZONE_LABELS[zone]}: delivered`}
                      name={`${zone}.serviceable`}
                      defaultChecked={z.serviceable}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="text-sm text-gray-600">
          Now: free shipping from <Price paise={settings.freeShippingFromPaise} />, cash on delivery
          up to {formatPaise(settings.codLimitPaise)}.
        </p>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Save settings
        </button>
      </Form>

      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <h2 className="text-lg font-bold">Courier serviceability (CSV)</h2>
        <p className="text-sm text-gray-600">
          One line per PIN: <code>PIN,COD,days</code> (COD yes or no, days 1 to 30), optionally a
          fourth column <code>serviceable</code> (yes or no). These override the zone defaults;{" "}
          {overrides} PIN codes have one now.
        </p>
        <input type="hidden" name="intent" value="csv" />
        <div>
          <label htmlFor="csv" className="block text-sm font-semibold">
            CSV file
          </label>
          <input
            id="csv"
            name="csv"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={errors.csv ? true : undefined}
            aria-describedby={errors.csv ? "csv-error" : undefined}
            className="mt-1 text-sm"
          />
          {errors.csv ? (
            <div id="csv-error" role="alert" className="mt-1 text-sm text-red-700">
              <p>{errors.csv}</p>
              {result?.csvErrors ? (
                <ul className="list-disc pl-5">
                  {result.csvErrors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white"
        >
          Upload CSV
        </button>
      </Form>
      <form method="get" action="/admin/gst-report" className="space-y-3">
        <h2 className="text-lg font-bold">GST report (GSTR-1)</h2>
        <p className="text-sm text-gray-600">
          B2C totals by state and rate, B2B lines by GSTIN and credit notes of a month, as CSV.
        </p>
        <div>
          <label htmlFor="month" className="block text-sm font-semibold">
            Month
          </label>
          <input id="month" name="month" type="month" required className={input} />
        </div>
        <button
          type="submit"
          className="rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white"
        >
          Download CSV
        </button>
      </form>
    </section>
  );
}
