import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/utils/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms & Conditions",
    description: "Terms and conditions of Overland 4x4 Gear.",
    path: "/terms",
  });

export default function Page() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Terms &amp; Conditions</h1>
      <p className="mt-4 text-gray-700">
        The terms of sale: prices in rupees include GST; orders ship within India; returns are
        accepted within 7 days in original packaging; makers' warranties apply.
      </p>
      <p className="mt-4 text-gray-700">Questions? Write to us from the Contact Us page.</p>
    </div>
  );
}
