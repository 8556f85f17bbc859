import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/**
 * The root loader's data (user, cart count, vehicle, shop phone...), typed, for any component.
 * Undefined only while an error page renders without it.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
