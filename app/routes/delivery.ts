import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { db } from "~/db/db.server";
import { answerDeliveryCheck } from "~/models/shipping.server";
import { pinCookieHeader } from "~/utils/pin.server";

/**
 * GET /delivery?pin=NNNNNN: the "Check delivery" fetcher's answer (the same as a product page's
 * `?pin=` without JavaScript); a PIN that exists is remembered for the next page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const answer = await answerDeliveryCheck(db, new URL(request.url).searchParams.get("pin") ?? "");
  const headers: HeadersInit = { "Cache-Control": "no-store" };
  if (answer.delivery) headers["Set-Cookie"] = await pinCookieHeader(answer.delivery.pin);
  return data(answer, { status: answer.error ? 400 : 200, headers });
}
