import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireAdmin } from "~/auth/guards.server";
import {
  AdminOrderItems,
  OrderFacts,
  OrderHistory,
  OrderPayments,
} from "~/components/admin/order-detail";
import {
  AttentionNote,
  CashCollectedForm,
  OrderNextStep,
} from "~/components/admin/order-next-step";
import { OrderRefunds } from "~/components/admin/order-refunds";
import { OrderReturns } from "~/components/admin/order-returns";
import { StatusBadge } from "~/components/admin/order-status";
import { OrderCharges } from "~/components/order-charges";
import { db } from "~/db/db.server";
import { MOVES, readMove, readRefund, readReturnDecision } from "~/forms/admin-order";
import { typedValues } from "~/forms/typed-values";
import {
  getOrderForAdmin,
  ORDER_STATUSES,
  resolveAttention,
  STATUS_LABELS,
  transitionOrder,
} from "~/models/order/index.server";
import {
  listRefunds,
  previewRefund,
  refundableUnits,
  refundBalance,
  refundOrder,
} from "~/models/refund.server";
import { cancelOrder, decideReturn, listReturns, receiveReturn } from "~/models/return.server";
import { getOrderExtras, recordCashCollected } from "~/models/order-extras.server";
import { whatsappUpdates } from "~/models/outbox.server";
import { getPaymentGateway } from "~/payments/payments.server";
import { formatPaise } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { securityEvent } from "~/utils/log.server";
import { invariantResponse, notFound, requireIdParam } from "~/utils/responses.server";

export const meta: MetaFunction = ({ params }) => [{ title: `Order #${params.id} | Admin` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const order = await getOrderForAdmin(db, requireIdParam(params.id));
  invariantResponse(order);
  const balance = await refundBalance(db, order.id);
  return {
    order,
    labels: STATUS_LABELS,
    refunds: await listRefunds(db, order.id),
    returns: await listReturns(db, order.id),
    // Paid online, or cash on delivery once its cash is collected (the shop pays that back itself).
    refundablePaise: order.status !== "refunded" ? (balance?.refundablePaise ?? 0) : 0,
    /** Units of each line not refunded yet, by order item id: what the refund form offers. */
    unitsLeft: Object.fromEntries(
      (await refundableUnits(db, order.id)).map((u) => [u.id, u.left]),
    ) as Record<number, number>,
    charges: await getOrderExtras(db, order.id),
    whatsapp: await whatsappUpdates(db, order.id),
  };
}

type ActionErrors = {
  errors: Record<string, string>;
  /** A refund checked and not yet made: what it comes to, for the admin to confirm. */
  refundToConfirm?: number;
  values?: Record<string, string>;
  /** The return a refused decision was about: its message and reason field sit with it. */
  returnId?: number;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = requireIdParam(params.id);
  const form = await request.formData();
  const back = `/admin/orders/${id}${new URL(request.url).search.replace(/[?&]index(=[^&]*)?/, "")}`;
  if (form.get("intent") === "refund") return refundAction(request, form, id, admin.id, back);
  if (form.get("intent") === "return") return returnAction(request, form, id, admin.id, back);
  // Cash on delivery: the courier's cash is recorded once the order is delivered.
  if (form.get("intent") === "cash-collected") {
    const cash = await recordCashCollected(db, id, { by: `admin:${admin.id}` });
    if (!cash.ok && cash.status === 404) notFound();
    if (cash.ok)
      securityEvent("admin.order", { adminId: admin.id, orderId: id, to: "cash-collected" });
    return redirectWithToast(
      back,
      cash.ok
        ? { type: "success", message: "Cash collected: the order is paid" }
        : { type: "error", message: cash.message },
      request,
    );
  }
  if (form.get("intent") === "attention-handled") {
    const handled = await resolveAttention(db, id, { by: `admin:${admin.id}` });
    if (handled) securityEvent("admin.order", { adminId: admin.id, orderId: id, to: "handled" });
    return redirectWithToast(
      back,
      { type: "success", message: handled ? "Marked as handled" : "Nothing left to handle" },
      request,
    );
  }
  const move = readMove(form, ORDER_STATUSES);
  if (!move.ok)
    return data<ActionErrors>(
      { errors: move.errors, values: typedValues(form, ["trackingNumber"]) },
      { status: 400 },
    );
  const { to, trackingNumber } = move;
  const balance = await refundBalance(db, id);
  if (to === "refunded" && balance?.order.payment_method !== "cod" && balance?.capturedPaise) {
    // A paid online order is refunded through the payment provider, with the refund form.
    return data<ActionErrors>(
      { errors: { form: "Use the refund form: it returns the money through Razorpay" } },
      { status: 400 },
    );
  }
  if (to === "cancelled") return cancelAction(request, id, admin.id, back);
  const result = await transitionOrder(db, id, to, { trackingNumber, by: `admin:${admin.id}` });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  }
  securityEvent("admin.order", { adminId: admin.id, orderId: id, to });
  return redirectWithToast(back, { type: "success", message: MOVES[to]!.done }, request);
}

/** Cancelling refunds what was paid online, as the shopper's cancel does; a failed refund is flagged. */
async function cancelAction(request: Request, id: number, adminId: number, back: string) {
  const result = await cancelOrder(db, getPaymentGateway(), {
    orderId: id,
    by: `admin:${adminId}`,
  });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return redirectWithToast(back, { type: "error", message: result.message }, request);
  }
  securityEvent("admin.order", { adminId, orderId: id, to: "cancelled" });
  const { refund } = result;
  if (refund?.status === "failed") {
    return redirectWithToast(
      back,
      {
        type: "error",
        message: `Order cancelled, but the refund of ${formatPaise(refund.amountPaise)} did not go through (${refund.error}): it is flagged; refund it again with the refund form`,
      },
      request,
    );
  }
  const message = !refund
    ? MOVES.cancelled!.done
    : refund.status === "processed"
      ? `Order cancelled and ${formatPaise(refund.amountPaise)} refunded`
      : `Order cancelled; refund of ${formatPaise(refund.amountPaise)} sent to Razorpay, waiting for its confirmation`;
  return redirectWithToast(back, { type: "success", message }, request);
}

/** A refused refund, with what was typed (the amount, the reason, the units of each line). */
const refundError = (form: FormData, message: string, status = 400) =>
  data<ActionErrors>({ errors: { refund: message }, values: typedValues(form) }, { status });

/** A refund through the payment provider. Money moves at Razorpay; the sandbox refunds at once. */
async function refundAction(
  request: Request,
  form: FormData,
  id: number,
  adminId: number,
  back: string,
) {
  const refund = readRefund(form);
  if (!refund.ok) return refundError(form, refund.message);
  const input = {
    orderId: id,
    lines: refund.lines,
    amountPaise: refund.amountPaise,
    reason: refund.reason,
    by: `admin:${adminId}`,
  };
  // Money moves only once the admin has seen what it comes to and confirmed that sum.
  if (refund.confirmedPaise === undefined) {
    const preview = await previewRefund(db, input);
    if (!preview.ok) {
      if (preview.status === 404) notFound();
      return refundError(form, preview.message);
    }
    return data<ActionErrors>({
      errors: {},
      refundToConfirm: preview.amountPaise,
      values: typedValues(form),
    });
  }
  const result = await refundOrder(db, getPaymentGateway(), {
    ...input,
    expectedPaise: refund.confirmedPaise,
  });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return data<ActionErrors>(
      {
        errors: { refund: result.message },
        values: typedValues(form),
        ...(result.field === "confirm" ? { refundToConfirm: result.amountPaise } : {}),
      },
      { status: result.status === 502 ? 502 : result.field === "confirm" ? 409 : 400 },
    );
  }
  securityEvent("admin.order", {
    adminId,
    orderId: id,
    refund: result.refundId,
    amountPaise: result.amountPaise,
  });
  const message =
    result.status === "processed"
      ? "Refund processed"
      : "Refund sent to Razorpay; waiting for its confirmation";
  return redirectWithToast(back, { type: "success", message }, request);
}

/** A return: approve, decline (with a reason) or receive (refunds its lines). */
async function returnAction(
  request: Request,
  form: FormData,
  orderId: number,
  adminId: number,
  back: string,
) {
  const decided = readReturnDecision(form);
  if (!decided)
    return data<ActionErrors>({ errors: { returns: "Unknown action" } }, { status: 400 });
  const { returnId, decision, note } = decided;
  const by = `admin:${adminId}`;
  const result =
    decision === "receive"
      ? await receiveReturn(db, getPaymentGateway(), { returnId, orderId, by })
      : await decideReturn(db, { returnId, orderId, approve: decision === "approve", note, by });
  if (!result.ok) {
    if (result.status === 404) notFound();
    return data<ActionErrors>(
      {
        errors: { returns: result.message },
        returnId,
        values: typedValues(form, ["note", "decision"]),
      },
      { status: 400 },
    );
  }
  securityEvent("admin.order", { adminId, returnId, decision });
  const message =
    decision === "receive" && result.status === "approved"
      ? "Return received: refund sent to Razorpay, waiting for its confirmation"
      : `Return ${result.status}`;
  return redirectWithToast(back, { type: "success", message }, request);
}

export default function AdminOrder() {
  const { order, labels, refunds, refundablePaise, unitsLeft, returns, charges, whatsapp } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.errors ?? {};
  const typed = (answer && "values" in answer ? answer.values : undefined) ?? {};
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <section
      aria-labelledby="order-title"
      className="rounded-lg border-2 border-ink-900 bg-white p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="order-title" className="text-2xl font-extrabold tracking-tight">
          Order #{order.id} <StatusBadge status={order.status} label={labels[order.status]} />
        </h1>
        <Link
          to={`/admin/orders${search}`}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          Close
        </Link>
      </div>
      {order.attention ? <AttentionNote note={order.attention} busy={busy} /> : null}
      <OrderFacts order={order} whatsapp={whatsapp} />
      {charges ? (
        <OrderCharges
          charges={charges}
          invoiceHref={`/order/${order.id}/invoice`}
          paid={order.paidAt !== null}
        />
      ) : null}
      {charges?.paymentMethod === "cod" &&
      order.status === "delivered" &&
      !charges.cashCollectedAt ? (
        <CashCollectedForm busy={busy} />
      ) : null}
      <AdminOrderItems items={order.items} />
      <OrderNextStep order={order} labels={labels} errors={errors} typed={typed} busy={busy} />
      <OrderPayments payments={order.payments} />
      <OrderReturns
        returns={returns}
        error={errors.returns}
        errorReturnId={answer && "returnId" in answer ? answer.returnId : undefined}
        typedNote={typed.decision === "decline" ? (typed.note ?? "") : undefined}
        busy={busy}
        cashOnDelivery={order.paymentMethod === "cod"}
      />
      <OrderRefunds
        refunds={refunds}
        items={order.items}
        unitsLeft={unitsLeft}
        refundablePaise={refundablePaise}
        cashOnDelivery={order.paymentMethod === "cod"}
        error={errors.refund}
        typed={typed}
        toConfirmPaise={answer && "refundToConfirm" in answer ? answer.refundToConfirm : undefined}
        busy={busy}
      />
      <OrderHistory history={order.history} labels={labels} />
    </section>
  );
}
