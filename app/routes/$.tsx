import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Page not found | Overland 4x4 Gear" }];

/** Any URL no other route claims: a real 404, shown by the root error boundary. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
