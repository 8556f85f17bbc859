import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { gstReportCsv } from "~/models/gst-report.server";

/** GET /admin/gst-report?month=YYYY-MM: the month's GST report (CSV) for a GSTR-1 filing. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const csv = await gstReportCsv(db, month);
  if (csv === null) {
    // Not a month (typed by hand where the browser has no month picker): a browser goes back to
    // the form on the shipping page, which keeps what was typed and says how to give it; any
    // other client gets a plain 400.
    if (request.headers.get("Accept")?.includes("text/html")) {
      const typed = new URLSearchParams({ gstMonth: month.slice(0, 100) });
      return redirect(`/admin/shipping?${typed}`, 303);
    }
    return new Response("Give the month as ?month=YYYY-MM", { status: 400 });
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gst-report-${month}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
