import { redirect } from "@remix-run/node";
import { db } from "~/db/db.server";
import { userForApiToken } from "~/models/api-token.server";
import { assertSameOrigin } from "~/utils/http.server";
import { refererPath, safeRedirectPath } from "~/utils/redirect.server";
import { redirectWithToast, type ToastInput } from "~/utils/toast.server";
import { getUser, type SessionUser } from "./session.server";

/**
 * Where to come back to after logging in: the page itself for a GET; for a form post
 * (e.g. Add to cart while logged out) the page the form was on, when it is ours.
 */
function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  url.searchParams.delete("_routes");
  const self = safeRedirectPath(url.pathname.replace(/\.data$/, "") + url.search, "/");
  return request.method === "GET" || request.method === "HEAD" ? self : refererPath(request, self);
}

/**
 * The logged-in user; a visitor is sent to `/login?redirectTo=<this page>` (or to `returnTo`,
 * given the page it would be), with `toast` shown there when given (one read of the session
 * either way). Refuses cross-site posts.
 */
export async function requireUser(
  request: Request,
  {
    toast,
    returnTo = (path) => path,
  }: { toast?: ToastInput; returnTo?: (path: string) => string } = {},
): Promise<SessionUser> {
  assertSameOrigin(request);
  const user = await getUser(request);
  if (!user) {
    const back = safeRedirectPath(returnTo(returnPath(request)), "/");
    const login = `/login?${new URLSearchParams({ redirectTo: back })}`;
    throw toast ? await redirectWithToast(login, toast, request) : redirect(login);
  }
  return user;
}

/**
 * An admin; a visitor goes to `/login?redirectTo=<this page>` (the admin's e-mail links an order's
 * page: it opens after logging in), a customer to `/`. Refuses cross-site posts.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  assertSameOrigin(request);
  const user = await getUser(request);
  if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: returnPath(request) })}`);
  if (user.role !== "admin") throw redirect("/");
  return user;
}

/** The bearer token of an API call (`Authorization: Bearer <token>`), or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1] : null;
}

const unauthorized = (message: string) =>
  Response.json(
    { message },
    {
      status: 401,
      headers: { "WWW-Authenticate": 'Bearer realm="api"', "Cache-Control": "no-store" },
    },
  );

/** The user of a valid bearer token; otherwise throws `401 {message}`. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  const token = bearerToken(request);
  if (!token) throw unauthorized("Authentication required.");
  const user = await userForApiToken(db, token);
  if (!user) throw unauthorized("Invalid or expired token.");
  return user;
}

/** An admin's bearer token; `401` without a valid token, `403 {message}` for a customer. */
export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (user.role !== "admin") {
    throw Response.json(
      { message: "Admin access required." },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  }
  return user;
}
