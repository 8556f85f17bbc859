import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import { orderDate } from "~/components/admin/order-status";
import { Pagination } from "~/components/pagination";
import { db } from "~/db/db.server";
import type { OutboxStatus } from "~/db/schema";
import { listOutbox, resendMessage } from "~/models/outbox.server";
import { securityEvent } from "~/utils/log.server";
import { redirectWithToast } from "~/utils/toast.server";
import { idParam, notFound } from "~/utils/responses.server";

export const meta: MetaFunction = () => [{ title: "Messages | Admin" }];

const STATUSES: OutboxStatus[] = ["waiting", "sent", "failed"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s === params.get("status")) ?? null;
  const page = Number(params.get("page")) || 1;
  return { ...(await listOutbox(db, { status, page })), status };
}

/** Resend one message (failed, or sent and lost): it becomes due now (see resendMessage). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  const back = `/admin/outbox${new URL(request.url).search.replace(/[?&]index(=[^&]*)?/, "")}`;
  if (id === null) return data({ message: "Unknown message" }, { status: 400 });
  const result = await resendMessage(db, id);
  if (!result.ok) {
    if (result.status === 404) notFound();
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  }
  securityEvent("admin.order", { adminId: admin.id, outboxResend: id });
  return redirectWithToast(
    back,
    { type: "success", message: "The message will be sent again shortly" },
    request,
  );
}

const KIND_LABELS: Record<string, string> = {
  order_confirmation: "Order confirmation",
  order_admin_notice: "New order (admin)",
  order_shipped: "Shipped",
  order_delivered: "Delivered",
  order_cancelled: "Cancelled",
  order_refunded: "Refund",
  return_update: "Return",
  password_reset: "Password reset",
};

export default function AdminOutbox() {
  const { entries, counts, status, page, pageCount } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const { search } = useLocation();
  const tab = (s: OutboxStatus | null, label: string) => (
    <Link
      to={s ? `?status=${s}` : "?"}
      aria-current={status === s ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${status === s ? "bg-ink-900 text-white" : "border border-gray-300 bg-white hover:bg-gray-100"}`}
    >
      {label}
    </Link>
  );
  return (
    <section
      aria-labelledby="outbox-title"
      className="rounded-lg border-2 border-ink-900 bg-white p-5"
    >
      <h1 id="outbox-title" className="text-2xl font-extrabold tracking-tight">
        Messages
      </h1>
      <p className="mt-1 text-sm text-gray-600">
        E-mail and WhatsApp messages to shoppers and admins, newest first.
      </p>
      <nav aria-label="Message status" className="mt-4 flex flex-wrap gap-2">
        {tab(null, `All (${counts.waiting + counts.sent + counts.failed})`)}
        {tab("waiting", `Waiting (${counts.waiting})`)}
        {tab("sent", `Sent (${counts.sent})`)}
        {tab("failed", `Failed (${counts.failed})`)}
      </nav>
      {entries.length === 0 ? (
        <p className="mt-6 text-sm text-gray-600">No messages.</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto">
          {/* Columns kept apart, and a long address wrapped, so Attempts fits a phone's width. */}
          <table className="w-full text-left text-sm [&_td]:pr-3 [&_th]:pr-3">
            <thead>
              <tr className="border-b">
                <th className="py-2">Message</th>
                <th>To</th>
                <th>Status</th>
                <th>Attempts</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b align-top">
                  <td className="py-2">
                    {KIND_LABELS[e.kind] ?? e.kind} ({e.channel === "email" ? "e-mail" : "WhatsApp"}
                    )
                    {e.orderId ? (
                      <>
                        {" "}
                        <Link
                          to={`/admin/orders/${e.orderId}`}
                          className="text-brand-700 underline"
                        >
                          order #{e.orderId}
                        </Link>
                      </>
                    ) : null}
                    <span className="block text-gray-500">
                      <time dateTime={e.createdAt}>{orderDate(e.createdAt)}</time>
                    </span>
                  </td>
                  <td className="break-all">{e.recipient}</td>
                  <td>
                    {e.status === "sent" && e.sentAt ? (
                      <>
                        sent <time dateTime={e.sentAt}>{orderDate(e.sentAt)}</time>
                      </>
                    ) : e.status === "waiting" ? (
                      <>
                        waiting, next try{" "}
                        <time dateTime={e.nextAttemptAt}>{orderDate(e.nextAttemptAt)}</time>
                      </>
                    ) : (
                      e.status
                    )}
                    {e.lastError ? (
                      <span className="block text-red-700">Error: {e.lastError}</span>
                    ) : null}
                  </td>
                  <td>{e.attempts}</td>
                  <td>
                    {e.status !== "waiting" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={e.id} />
                        <button
                          type="submit"
                          disabled={busy}
                          className="rounded-md border border-gray-300 bg-white px-3 py-1 font-semibold hover:bg-gray-100"
                        >
                          Resend<span className="sr-only"> message {e.id}</span>
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </section>
  );
}
