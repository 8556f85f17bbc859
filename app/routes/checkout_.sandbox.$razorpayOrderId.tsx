import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import {
  PaymentSuccessDialog,
  SandboxPaymentPanel,
  usePaymentConfirmation,
  VERIFICATION_ERROR,
  VERIFICATION_ERROR_TEXT,
} from "~/components/payment";
import { db } from "~/db/db.server";
import { countsAsPaid, getPendingOrderByGatewayId } from "~/models/order/index.server";
import { getSandboxGateway } from "~/payments/payments.server";
import { isRazorpayOrderId } from "~/payments/razorpay-ids";

export const meta: MetaFunction = () => [
  { title: "Test payment | Overland 4x4 Gear" },
  { name: "robots", content: "noindex" },
];

/**
 * The sandbox's payment page (no Razorpay keys): plays Razorpay's hosted checkout. Like Razorpay's
 * page it needs no session: the order is named by its provider id. Absent when Razorpay is on.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const sandbox = getSandboxGateway();
  const razorpayOrderId = params.razorpayOrderId ?? "";
  const order =
    sandbox && isRazorpayOrderId(razorpayOrderId)
      ? await getPendingOrderByGatewayId(db, razorpayOrderId)
      : null;
  if (!sandbox || !order) throw data({ message: "Payment not found" }, { status: 404 });
  if (countsAsPaid(order.status)) {
    throw redirect(`/order/${order.id}`);
  }
  return {
    open: order.status === "pending_payment",
    amountPaise: order.amountPaise,
    razorpayOrderId,
    payment: sandbox.pay(razorpayOrderId),
  };
}

export default function SandboxPaymentPage() {
  const page = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  // A failed payment leaves the order unpaid and the cart as it was: back to the cart. A result
  // that did not reach the shop stays here, saying so.
  const confirmation = usePaymentConfirmation(
    useCallback(
      (message: string) => {
        if (message !== VERIFICATION_ERROR) navigate("/cart");
      },
      [navigate],
    ),
  );
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Complete your payment</h1>
      {confirmation.failure === VERIFICATION_ERROR ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-4 text-red-800">
          {VERIFICATION_ERROR_TEXT}
        </p>
      ) : null}
      {page.open ? (
        <SandboxPaymentPanel
          amountPaise={page.amountPaise}
          razorpayOrderId={page.razorpayOrderId}
          payment={page.payment}
          confirm={confirmation.confirm}
          busy={confirmation.busy || confirmation.paidOrderId != null}
        />
      ) : (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
          This payment has ended (failed or expired).{" "}
          <Link to="/cart" className="underline">
            Back to your cart
          </Link>
        </p>
      )}
      <PaymentSuccessDialog open={confirmation.paidOrderId != null} />
    </div>
  );
}
