import type { OrderStatus } from "~/db/schema";
import { rupeesToPaise } from "~/utils/money";
import { idSchema } from "~/utils/validation";

/** The admin's order page (`/admin/orders/:id`): its forms read into what the models take. */

export type FieldErrors = Record<string, string>;

/** What each move is called on its button, and the toast after it. */
export const MOVES: Partial<Record<OrderStatus, { button: string; done: string }>> = {
  confirmed: { button: "Confirm order", done: "Order confirmed" },
  shipped: { button: "Mark shipped", done: "Order marked as shipped" },
  delivered: { button: "Mark delivered", done: "Order marked as delivered" },
  cancelled: { button: "Cancel order", done: "Order cancelled" },
  refunded: { button: "Mark refunded", done: "Order marked as refunded" },
};

/** The status to move to (one with a button) and, for "shipped", the courier's tracking number. */
export function readMove(
  form: FormData,
  statuses: readonly OrderStatus[],
):
  | { ok: true; to: OrderStatus; trackingNumber: string | null }
  | { ok: false; errors: FieldErrors } {
  const to = String(form.get("to") ?? "") as OrderStatus;
  if (!statuses.includes(to) || !MOVES[to])
    return { ok: false, errors: { form: "Unknown action" } };
  const tracking = String(form.get("trackingNumber") ?? "").trim();
  if (to === "shipped" && !/^[A-Za-z0-9 -]{4,40}$/.test(tracking)) {
    return {
      ok: false,
      errors: {
        trackingNumber: "Enter the courier's tracking number (4 to 40 letters or digits)",
      },
    };
  }
  return { ok: true, to, trackingNumber: to === "shipped" ? tracking : null };
}

/**
 * A refund: units of lines (a quantity per line, `qty-<itemId>`) or an amount in rupees, not
 * both, and a reason; once shown what it comes to, the confirmed sum (`confirmPaise`).
 */
export function readRefund(form: FormData):
  | {
      ok: true;
      lines: { orderItemId: number; quantity: number }[];
      amountPaise: number | undefined;
      reason: string;
      /** The amount the admin was shown and confirmed (in paise); absent on the first post. */
      confirmedPaise: number | undefined;
    }
  | { ok: false; message: string } {
  const lines = [...form.entries()]
    .filter(([k, v]) => k.startsWith("qty-") && typeof v === "string" && v.trim() !== "")
    .map(([k, v]) => ({ orderItemId: Number(k.slice(4)), quantity: Number(v) }));
  if (lines.some((l) => !Number.isSafeInteger(l.quantity) || l.quantity < 0)) {
    return { ok: false, message: "Enter whole numbers of units to refund" };
  }
  const chosen = lines.filter((l) => l.quantity > 0);
  const amountText = String(form.get("amount") ?? "").trim();
  const amountPaise = amountText ? rupeesToPaise(amountText) : null;
  if (amountText && amountPaise === null) {
    return { ok: false, message: "Enter the amount in rupees, e.g. 1499.50" };
  }
  if (chosen.length > 0 && amountPaise !== null) {
    return { ok: false, message: "Choose lines or enter an amount, not both" };
  }
  const confirmText = String(form.get("confirmPaise") ?? "");
  return {
    ok: true,
    lines: chosen,
    amountPaise: amountPaise ?? undefined,
    reason: String(form.get("reason") ?? ""),
    confirmedPaise: /^\d{1,12}$/.test(confirmText) ? Number(confirmText) : undefined,
  };
}

/** A decision on a return: approve, decline (with a note) or receive; null when unreadable. */
export function readReturnDecision(
  form: FormData,
): { returnId: number; decision: "approve" | "decline" | "receive"; note: string } | null {
  const id = idSchema.safeParse(form.get("returnId") ?? "");
  const decision = String(form.get("decision") ?? "");
  if (!id.success || (decision !== "approve" && decision !== "decline" && decision !== "receive")) {
    return null;
  }
  return { returnId: id.data, decision, note: String(form.get("note") ?? "") };
}
