export type ToastType = "success" | "error" | "info";
export type Toast = { id: string; type: ToastType; message: string };

/** How long a toast stays on screen (spec section 9), and how many at once. */
export const TOAST_DURATION_MS: Record<ToastType, number> = {
  success: 2000,
  info: 2000,
  error: 4000,
};
export const MAX_TOASTS = 20;
