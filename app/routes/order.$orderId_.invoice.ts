import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { invoicePdfFor, pdfHeaders } from "~/models/invoice-document.server";
import { invariantResponse, requireIdParam } from "~/utils/responses.server";

/** GET /order/{id}/invoice: the order's GST tax invoice (PDF) for its owner or an admin; else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await invoicePdfFor(db, requireIdParam(params.orderId), user);
  invariantResponse(found, "Invoice not found");
  return new Response(new Uint8Array(found.pdf), { headers: pdfHeaders(found.number) });
}
