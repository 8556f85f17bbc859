import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db/db.server";
import { answerDeliveryCheck } from "~/models/shipping.server";
import { pinCookieHeader } from "~/utils/pin.server";

/**
 * GET /delivery?pin=NNNNNN&product=ID: the "Check delivery" fetcher's answer (the same as a product
 * page's `?pin=` without JavaScript, cash on delivery included for that product's price, read
 * here); a PIN that exists is remembered for the next page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const product = search.get("product") ?? "";
  const answer = await answerDeliveryCheck(db, search.get("pin") ?? "", {
    productId: /^\d{1,12}$/.test(product) ? Number(product) : undefined,
  });
  const headers: HeadersInit = { "Cache-Control": "no-store" };
  if (answer.delivery) headers["Set-Cookie"] = await pinCookieHeader(answer.delivery.pin);
  return data(answer, { status: answer.error ? 400 : 200, headers });
}
