import type { HostedCheckoutForm as HostedForm } from "~/payments/razorpay-hosted.server";
import { formatPaise } from "~/utils/money";

/** Without JavaScript: the reserved order is paid on Razorpay's hosted checkout page. */
export function HostedCheckoutForm({ hosted }: { hosted: HostedForm }) {
  return (
    <form method="post" action={hosted.action} className="space-y-3">
      {Object.entries(hosted.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-gray-700">Your order is reserved. Continue to Razorpay to pay.</p>
      <button
        type="submit"
        className="w-full rounded-md bg-brand-600 px-5 py-3 text-lg font-bold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Pay {formatPaise(hosted.amountPaise)} with Razorpay
      </button>
    </form>
  );
}
