import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description: "Privacy Policy of Overland 4x4 Gear.",
    path: "/privacy",
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Privacy Policy</h1>
      <p className="mt-4 text-gray-700">
        We keep only what we need to deliver your order: your e-mail, delivery addresses and order
        history. Payments are handled by Razorpay; we never see card numbers. We do not sell your
        data.
      </p>
      <p className="mt-4 text-gray-700">Questions? Write to us from the Contact Us page.</p>
    </div>
  );
}
