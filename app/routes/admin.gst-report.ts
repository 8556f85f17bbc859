import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { gstReportCsv } from "~/models/gst-report.server";

/** GET /admin/gst-report?month=YYYY-MM: the month's GST report (CSV) for a GSTR-1 filing. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const csv = await gstReportCsv(db, month);
  if (csv === null) return new Response("Give the month as ?month=YYYY-MM", { status: 400 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gst-report-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
