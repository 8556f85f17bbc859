import { useSyncExternalStore } from "react";

/**
 * A form field that exists only once the page has hydrated. An action reads it to tell a fetcher
 * (wants data) from a plain form post, with or without JavaScript (wants a 303 redirect back).
 */
export const FETCHER_FIELD = "_fetcher";

const subscribe = () => () => {};

/** False on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

export function FetcherFlag() {
  return useHydrated() ? <input type="hidden" name={FETCHER_FIELD} value="1" /> : null;
}

export function isFetcherSubmission(form: FormData): boolean {
  return form.get(FETCHER_FIELD) === "1";
}
