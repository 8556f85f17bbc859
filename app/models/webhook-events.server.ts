import type { Kysely } from "kysely";
import type { DB } from "~/db/schema";

/**
 * The provider's webhook events already applied, by event id: each is applied once, however many
 * times it is delivered. Both are called inside the transaction that applies the event.
 */
export async function webhookAlreadyApplied(trx: Kysely<DB>, eventId: string): Promise<boolean> {
  const seen = await trx
    .selectFrom("webhook_events")
    .select("event_id")
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  return seen !== undefined;
}

export async function recordWebhookEvent(
  trx: Kysely<DB>,
  event: { eventId: string; event: string; orderId: number | null; outcome: string },
): Promise<void> {
  await trx
    .insertInto("webhook_events")
    .values({
      event_id: event.eventId,
      event: event.event,
      order_id: event.orderId,
      outcome: event.outcome,
    })
    .execute();
}
