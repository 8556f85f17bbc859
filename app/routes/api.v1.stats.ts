import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/guards.server";
import { db } from "~/db/db.server";
import { dashboardStats } from "~/models/admin-stats.server";
import { jsonNoStore } from "~/utils/http.server";
import { apiMethodNotAllowed } from "~/utils/responses.server";

/** GET /api/v1/stats: the spec's totalProducts and totalUsers, plus the dashboard's other numbers. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return jsonNoStore(await dashboardStats(db));
}

export function action() {
  return apiMethodNotAllowed("GET");
}
