import { Form, useNavigation } from "@remix-run/react";

/**
 * WhatsApp updates of the shopper's order, when they asked for them at checkout: a button that
 * stops them (a plain form post without JavaScript), or that they are stopped.
 */
export function OrderWhatsApp({
  orderId,
  updates,
}: {
  orderId: number;
  updates: "on" | "stopped" | null;
}) {
  const navigation = useNavigation();
  const action = `/order/${orderId}/whatsapp`;
  if (updates === null) return null;
  if (updates === "stopped")
    return (
      <p className="mt-3 text-sm text-gray-700">WhatsApp updates for this order are stopped.</p>
    );
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <span className="text-gray-700">
        Updates on this order also go to this phone on WhatsApp.
      </span>
      <button
        type="submit"
        disabled={busy}
        className="rounded-md border border-gray-300 px-3 py-2 font-semibold hover:bg-gray-50 disabled:opacity-70"
      >
        {busy ? "Stopping..." : "Stop WhatsApp updates"}
      </button>
    </Form>
  );
}
