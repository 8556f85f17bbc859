import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MAX_TOASTS, TOAST_DURATION_MS, type Toast } from "~/utils/toast";

/**
 * Shows the toasts the server rendered. Without JavaScript they simply stay on the page; with it
 * each one leaves after its time (errors 4 s, successes 2 s) or when dismissed, and a toast of
 * the page before a navigation leaves with that page: "Please log in to add items" does not stay
 * beside the "Login successful!" of the page the login leads to. On the same page (a fetcher's
 * answer) new toasts join those shown.
 */
export function Toaster({ toasts }: { toasts: Toast[] }) {
  const [shown, setShown] = useState<Toast[]>(toasts);
  const { pathname, search } = useLocation();
  const page = useRef(pathname + search);
  const seen = useRef(new Set(toasts.map((t) => t.id)));

  useEffect(() => {
    const navigated = page.current !== pathname + search;
    page.current = pathname + search;
    const fresh = toasts.filter((t) => !seen.current.has(t.id));
    for (const t of fresh) seen.current.add(t.id);
    if (!navigated && fresh.length === 0) return;
    setShown((current) => [...(navigated ? [] : current), ...fresh].slice(-MAX_TOASTS));
  }, [toasts, pathname, search]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      {shown.map((t) => (
        <ToastItem
          key={t.id}
          toast={t}
          onDone={() => setShown((s) => s.filter((x) => x.id !== t.id))}
        />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: () => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => done.current(), TOAST_DURATION_MS[toast.type]);
    return () => clearTimeout(timer);
  }, [toast.type]);
  const tone =
    toast.type === "error"
      ? "border-red-600 bg-red-50 text-red-900"
      : "border-emerald-600 bg-emerald-50 text-emerald-900";
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast={toast.type}
      className={`pointer-events-auto flex w-full max-w-sm items-start justify-between gap-3 rounded-md border-l-4 px-4 py-3 shadow-lg ${tone}`}
    >
      <p className="text-sm font-medium">{toast.message}</p>
    </div>
  );
}
