import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { invoicePdfFor, pdfHeaders } from "~/models/invoice-document.server";
import { idSchema } from "~/utils/validation";

/** GET /order/{id}/invoice: the order's GST tax invoice (PDF) for its owner or an admin; else 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idSchema.safeParse(params.orderId);
  const found = id.success ? await invoicePdfFor(db, id.data, user) : null;
  if (!found) throw new Response("Invoice not found", { status: 404 });
  return new Response(new Uint8Array(found.pdf), { headers: pdfHeaders(found.number) });
}
