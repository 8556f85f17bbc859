import type { OrderStatus } from "~/db/schema";

/** An order's date and time as an Indian admin reads it. */
export const orderDate = (iso: string) =>
  new Date(iso).toLocaleString("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  });

const STATUS_TONE: Partial<Record<OrderStatus, string>> = {
  paid: "bg-amber-100 text-amber-900",
  shipped: "bg-sky-100 text-sky-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-gray-200 text-gray-800",
  refunded: "bg-gray-200 text-gray-800",
  failed: "bg-red-100 text-red-900",
};

export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? "bg-gray-100 text-gray-700"}`}
    >
      {label}
    </span>
  );
}
