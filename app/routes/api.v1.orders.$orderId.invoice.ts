import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { invoicePdfFor, pdfHeaders } from "~/models/invoice-document.server";
import { apiMethodNotAllowed, apiNotFound, idParam } from "~/utils/responses.server";

/** GET /api/v1/orders/{id}/invoice: the GST tax invoice (PDF) for the owner or an admin; else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = idParam(params.orderId);
  const found = id === null ? null : await invoicePdfFor(db, id, user);
  if (!found) return apiNotFound("Invoice not found");
  return new Response(new Uint8Array(found.pdf), { headers: pdfHeaders(found.number) });
}

export function action() {
  return apiMethodNotAllowed("GET");
}
