import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { db } from "~/db/db.server";
import { MoneyField, moneyInputClass, rupees } from "~/components/admin/money-field";
import { useFocusFirstError } from "~/components/form-field";
import { readServiceabilityCsv, readShippingSettings } from "~/forms/shipping-settings";
import { getSettings, saveSettings } from "~/models/settings.server";
import { ZONE_LABELS, ZONES, type Zone } from "~/utils/shipping-zones";
import { countServiceabilityOverrides, importServiceability } from "~/models/shipping.server";
import { isReportMonth, previousMonth, REPORT_MONTH_FORMAT } from "~/models/gst-report.server";
import { securityEvent } from "~/utils/log.server";
import { formatPaise } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { FORM_UNREADABLE } from "~/utils/upload.server";
import { typedValues } from "~/forms/typed-values";

export const meta: MetaFunction = () => [{ title: "Shipping and COD | Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // A month the GST report refused comes back here (?gstMonth=), to be shown as typed and corrected.
  const typedMonth = new URL(request.url).searchParams.get("gstMonth")?.slice(0, 100) ?? null;
  return {
    settings: await getSettings(db),
    overrides: await countServiceabilityOverrides(db),
    reportMonth: typedMonth ?? previousMonth(),
    reportMonthError:
      typedMonth !== null && !isReportMonth(typedMonth) ? REPORT_MONTH_FORMAT : null,
  };
}

type ActionData = {
  errors: Record<string, string>;
  csvErrors?: string[];
  /** The settings form as it was sent, when refused: put back in its fields. */
  values?: Record<string, string>;
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A multipart body cut short or without its boundary.
    return data<ActionData>({ errors: { form: FORM_UNREADABLE } }, { status: 400 });
  }
  if (form.get("intent") === "csv") {
    const csv = await readServiceabilityCsv(form);
    if (!csv.ok) return data<ActionData>({ errors: csv.errors }, { status: 400 });
    const result = await importServiceability(db, csv.text);
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

  const read = readShippingSettings(form, await getSettings(db));
  if (!read.ok)
    return data<ActionData>({ errors: read.errors, values: typedValues(form) }, { status: 400 });
  await saveSettings(db, read.settings);
  securityEvent("admin.settings", { adminId: admin.id, what: "shipping" });
  return redirectWithToast(
    "/admin/shipping",
    { type: "success", message: "Shipping settings saved" },
    request,
  );
}

/** The fields that can be refused, in the order the page shows them. */
const FIELDS = [
  "freeShippingFrom",
  "codLimit",
  "codFee",
  "cutoffTime",
  ...ZONES.flatMap((zone) => [`${zone}.firstKg`, `${zone}.perKg`, `${zone}.days`]),
  "csv",
];

/** One of a zone's inputs in the rates table, with its message under it. */
function ZoneInput({
  zone,
  field,
  label,
  value,
  error,
  first,
  numeric,
}: {
  zone: Zone;
  field: "firstKg" | "perKg" | "days";
  label: string;
  value: string | number;
  error?: string;
  first: boolean;
  numeric?: boolean;
}) {
  const name = `${zone}.${field}`;
  return (
    <td>
      <input
        aria-label={`${ZONE_LABELS[zone]}: ${label}`}
        name={name}
        inputMode={numeric ? "numeric" : undefined}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
        autoFocus={first || undefined}
        className={moneyInputClass}
      />
      {error ? (
        <p id={`${name}-error`} className="text-red-700">
          {error}
        </p>
      ) : null}
    </td>
  );
}

export default function AdminShipping() {
  const { settings, overrides, reportMonth, reportMonthError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  // After a refused save, every field shows what was sent (an unticked box is absent from it).
  const typed = result?.values;
  const text = (name: string, stored: string | number) => (typed ? (typed[name] ?? "") : stored);
  const ticked = (name: string, stored: boolean) => (typed ? name in typed : stored);
  const busy = useNavigation().state === "submitting";
  // After a refusal the focus is on the first field to fix (autoFocus: without JavaScript too).
  // A message for the whole form has no field to go to.
  const settingsForm = useFocusFirstError<HTMLFormElement>(result?.errors);
  const csvForm = useFocusFirstError<HTMLFormElement>(result?.errors);
  const first = FIELDS.find((f) => errors[f]);
  return (
    <section
      aria-labelledby="shipping-title"
      className="space-y-8 rounded-lg border-2 border-ink-900 bg-white p-5"
    >
      <h1 id="shipping-title" className="text-2xl font-extrabold tracking-tight">
        Shipping and cash on delivery
      </h1>
      <Form ref={settingsForm} method="post" className="space-y-6" noValidate>
        <input type="hidden" name="intent" value="settings" />
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-6">
          <MoneyField
            name="freeShippingFrom"
            label="Free shipping from"
            paise={settings.freeShippingFromPaise}
            errors={errors}
            typed={typed?.freeShippingFrom}
            focus={first === "freeShippingFrom"}
          />
          <MoneyField
            name="codLimit"
            label="COD limit"
            paise={settings.codLimitPaise}
            errors={errors}
            typed={typed?.codLimit}
            focus={first === "codLimit"}
          />
          <MoneyField
            name="codFee"
            label="COD fee"
            paise={settings.codFeePaise}
            errors={errors}
            typed={typed?.codFee}
            focus={first === "codFee"}
          />
          <div>
            <label htmlFor="cutoffTime" className="block text-sm font-semibold">
              Cut-off time (India)
            </label>
            <input
              id="cutoffTime"
              name="cutoffTime"
              defaultValue={text("cutoffTime", settings.cutoffTime)}
              aria-invalid={errors.cutoffTime ? true : undefined}
              aria-describedby={errors.cutoffTime ? "cutoffTime-error" : undefined}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
              autoFocus={first === "cutoffTime" || undefined}
              className={moneyInputClass}
            />
            {errors.cutoffTime ? (
              <p id="cutoffTime-error" className="mt-1 text-sm text-red-700">
                {errors.cutoffTime}
              </p>
            ) : null}
          </div>
        </div>
        <div className="relative overflow-x-auto">
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
                    <ZoneInput
                      zone={zone}
                      field="firstKg"
                      label="first kg (₹)"
                      value={text(`${zone}.firstKg`, rupees(z.firstKgPaise))}
                      error={errors[`${zone}.firstKg`]}
                      first={first === `${zone}.firstKg`}
                    />
                    <ZoneInput
                      zone={zone}
                      field="perKg"
                      label="each further kg (₹)"
                      value={text(`${zone}.perKg`, rupees(z.perKgPaise))}
                      error={errors[`${zone}.perKg`]}
                      first={first === `${zone}.perKg`}
                    />
                    <ZoneInput
                      zone={zone}
                      field="days"
                      label="days"
                      value={text(`${zone}.days`, z.days)}
                      error={errors[`${zone}.days`]}
                      first={first === `${zone}.days`}
                      numeric
                    />
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${ZONE_LABELS[zone]}: cash on delivery`}
                        name={`${zone}.cod`}
                        defaultChecked={ticked(`${zone}.cod`, z.cod)}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${ZONE_LABELS[zone]}: delivered`}
                        name={`${zone}.serviceable`}
                        defaultChecked={ticked(`${zone}.serviceable`, z.serviceable)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
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

      <Form ref={csvForm} method="post" encType="multipart/form-data" className="space-y-3">
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
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a page answering a refused post
            autoFocus={first === "csv" || undefined}
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
          B2B and B2CL invoices line by line, B2CS sums by state and rate (net of their credit
          notes), and the CDNR and CDNUR credit notes of a month, as CSV.
        </p>
        <div>
          <label htmlFor="month" className="block text-sm font-semibold">
            Month
          </label>
          {/* Last month, filed this month; a browser without a month picker shows the format.
              A refused month is shown as typed, in a text field (a month field would blank it). */}
          <input
            id="month"
            name="month"
            type={reportMonthError ? "text" : "month"}
            required
            defaultValue={reportMonth}
            placeholder="YYYY-MM"
            pattern="\d{4}-\d{2}"
            aria-invalid={reportMonthError ? true : undefined}
            aria-describedby={reportMonthError ? "month-error" : undefined}
            // Without JavaScript too, the page opens on the field to correct.
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a refused month
            autoFocus={reportMonthError ? true : undefined}
            className={moneyInputClass}
          />
          {reportMonthError ? (
            <p id="month-error" className="mt-1 text-sm text-red-700">
              {reportMonthError}
            </p>
          ) : null}
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
