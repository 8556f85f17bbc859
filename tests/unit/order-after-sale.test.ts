import { describe, expect, it } from "vitest";
import { returnLabel } from "../../app/components/order-after-sale";

const ret = (status: string, refundStatus: string | null) => ({
  id: 1,
  status,
  reason: "Wrong size",
  decisionNote: null,
  refundStatus,
  lines: [{ title: "Steel Bumper", quantity: 1 }],
});

describe("a return on the shopper's order page", () => {
  it("once the goods arrived, says the refund is on its way, also while a failed one is made again", () => {
    expect(returnLabel(ret("approved", null))).toBe(
      "Approved: send the items back; we refund them on arrival",
    );
    expect(returnLabel(ret("approved", "pending"))).toBe("Received: your refund is on its way");
    expect(returnLabel(ret("approved", "failed"))).toBe("Received: your refund is on its way");
    expect(returnLabel(ret("refunded", "processed"))).toBe("Received and refunded");
  });
});
