import crypto from "node:crypto";
import { createCookie, data, redirect } from "@remix-run/node";
import { getEnv } from "./env.server";
import { MAX_TOASTS, type Toast, type ToastType } from "./toast";

/**
 * Toasts are carried across a redirect (or to the next root loader run, for fetchers) in a
 * short-lived signed flash cookie. The root loader reads and clears it, so a toast is shown once,
 * in the HTML itself: readable without JavaScript.
 */
let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  const env = getEnv();
  cookie ??= createCookie(env.isHttps ? "__Host-toast" : "toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isHttps,
    secrets: [env.SESSION_SECRET],
    maxAge: 60,
  });
  return cookie;
}

function isToast(v: unknown): v is Toast {
  if (!v || typeof v !== "object") return false;
  const t = v as Record<string, unknown>;
  return (
    typeof t.id === "string" &&
    typeof t.message === "string" &&
    (t.type === "success" || t.type === "error" || t.type === "info")
  );
}

async function readToasts(request: Request): Promise<Toast[]> {
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter(isToast).slice(-MAX_TOASTS) : [];
}

/** The toasts waiting for this request, and the header that clears them (when there were any). */
export async function takeToasts(request: Request): Promise<{ toasts: Toast[]; headers: Headers }> {
  const toasts = await readToasts(request);
  const headers = new Headers();
  if (toasts.length > 0) {
    headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  }
  return { toasts, headers };
}

export type ToastInput = { type?: ToastType; message: string };

/** A Set-Cookie value that adds a toast to those already waiting (at most MAX_TOASTS kept). */
export async function toastCookieHeader(
  request: Request | null,
  toast: ToastInput,
): Promise<string> {
  const pending = request ? await readToasts(request) : [];
  const next: Toast = {
    id: crypto.randomUUID(),
    type: toast.type ?? "success",
    message: toast.message,
  };
  return toastCookie().serialize([...pending, next].slice(-MAX_TOASTS));
}

/** A 303 redirect that shows a toast on the page it leads to. */
export async function redirectWithToast(
  url: string,
  toast: ToastInput,
  request: Request | null = null,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(request, toast));
  return redirect(url, { status: 303, ...init, headers });
}

/** Data for a fetcher (or a re-rendered form) plus a toast shown when the root revalidates. */
export async function dataWithToast<T>(
  value: T,
  toast: ToastInput,
  request: Request | null = null,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(request, toast));
  return data(value, { ...init, headers });
}
