import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import type { OrderStatus } from "~/db/schema";
import { listAllOrders, ORDER_STATUSES, toApiOrder } from "~/models/order/index.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiInvalid, apiMethodNotAllowed } from "~/utils/responses.server";
import { readPaging } from "~/forms/api-paging";

const ALL_AT_ONCE = 500;
const PAGE_SIZE = 50;

/**
 * GET /api/v1/adminOrders: every order, newest first, as a plain array (the newest 500).
 * Opt-in: `?status=<status>` filters, `?page=N` pages by 50 with `X-Total-Count` (`[]` past the
 * last page, 400 for a malformed one).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const statusParam = params.get("status");
  const status = ORDER_STATUSES.includes(statusParam as OrderStatus)
    ? (statusParam as OrderStatus)
    : null;
  if (statusParam && !status) {
    return jsonNoStore(
      { message: "Unknown status", errors: { status: `One of ${ORDER_STATUSES.join(", ")}` } },
      { status: 400 },
    );
  }
  const paging = readPaging(params);
  if (!paging.success) return apiInvalid("Invalid page", paging.error);
  const { page } = paging.data;
  const list = await listAllOrders(db, {
    status,
    page: page ?? 1,
    pageSize: page ? PAGE_SIZE : ALL_AT_ONCE,
    pastLastPage: "empty",
  });
  return jsonNoStore(
    list.orders.map((o) => toApiOrder(o)),
    { headers: { "X-Total-Count": String(list.total) } },
  );
}

export function action() {
  return apiMethodNotAllowed("GET");
}
