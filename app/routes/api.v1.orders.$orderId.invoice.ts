import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { invoicePdfFor, pdfHeaders } from "~/models/invoice-document.server";
import { jsonNoStore } from "~/utils/http.server";
import { idSchema } from "~/utils/validation";

/** GET /api/v1/orders/{id}/invoice: the GST tax invoice (PDF) for the owner or an admin; else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = idSchema.safeParse(params.orderId);
  const found = id.success ? await invoicePdfFor(db, id.data, user) : null;
  if (!found) return jsonNoStore({ message: "Invoice not found" }, { status: 404 });
  return new Response(new Uint8Array(found.pdf), { headers: pdfHeaders(found.number) });
}
