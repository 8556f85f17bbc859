import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered. entry.server.tsx provides
 * it; inline scripts (`<Scripts nonce>`, `<ScrollRestoration nonce>`) read it with useNonce().
 * In the browser it is "" (browsers hide nonces from the DOM), which React accepts on hydration.
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
