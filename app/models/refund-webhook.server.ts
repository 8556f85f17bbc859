import type { Kysely } from "kysely";
import type { DB, RefundStatus } from "~/db/schema";
import { idSchema } from "~/utils/validation";
import { settleRefundIn } from "./refund.server";
import { settleReturnRefund } from "./return.server";
import { recordWebhookEvent, webhookAlreadyApplied } from "./webhook-events.server";

/**
 * A refund.processed / refund.failed (or refund.created) webhook, signature already checked. Applied
 * once per event id, in one transaction; the refund is found by the provider's id or, when the
 * webhook beats our own record of that id, by the `refundId` note we sent. A return waiting on the
 * refund follows it (refunded, or left approved to be refunded again).
 */
export async function applyRefundWebhook(
  db: Kysely<DB>,
  input: { eventId: string; body: unknown; now?: Date },
): Promise<{ applied: boolean; outcome: string }> {
  const body = input.body as {
    event?: unknown;
    payload?: { refund?: { entity?: Record<string, unknown> } };
  };
  const event = typeof body?.event === "string" ? body.event : "unknown";
  const entity = body?.payload?.refund?.entity;
  const razorpayRefundId = typeof entity?.id === "string" ? entity.id : null;
  const notes = (entity?.notes ?? {}) as Record<string, unknown>;
  const noteId = idSchema.safeParse(notes.refundId).data ?? null;
  return db.transaction().execute(async (trx) => {
    if (await webhookAlreadyApplied(trx, input.eventId))
      return { applied: false, outcome: "duplicate" };
    if (!razorpayRefundId) return { applied: false, outcome: "ignored" };
    let refund = await trx
      .selectFrom("refunds")
      .select(["id", "order_id", "status"])
      .where("razorpay_refund_id", "=", razorpayRefundId)
      .executeTakeFirst();
    if (!refund && noteId != null) {
      refund = await trx
        .selectFrom("refunds")
        .select(["id", "order_id", "status"])
        .where("id", "=", noteId)
        .where("razorpay_refund_id", "is", null)
        .executeTakeFirst();
    }
    // Unknown to us: not recorded, so the provider's retry can apply it later.
    if (!refund) return { applied: false, outcome: "unknown_refund" };
    const status: RefundStatus =
      event === "refund.processed" ? "processed" : event === "refund.failed" ? "failed" : "pending";
    const changed = await settleRefundIn(trx, refund.id, {
      status,
      razorpayRefundId,
      error: status === "failed" ? "the provider reported the refund failed" : null,
      now: input.now,
    });
    if (changed) await settleReturnRefund(trx, refund.id, input.now);
    const outcome = changed ? `refund ${status}` : "no change";
    await recordWebhookEvent(trx, {
      eventId: input.eventId,
      event,
      orderId: refund.order_id,
      outcome,
    });
    return { applied: true, outcome };
  });
}
