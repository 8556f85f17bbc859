import { DEFAULT_SHOP_STATE, getEnv } from "~/utils/env.server";
import { checkGstin, gstinCheckChar, resolveState } from "~/utils/gst";

/** The seller on tax invoices and where parcels leave from (CONTRACT: SHOP_* variables). */
export type Seller = {
  legalName: string;
  address: string;
  stateName: string;
  stateCode: string;
  gstin: string;
  /** True when no SHOP_GSTIN is set: every invoice then says DEMO. */
  demo: boolean;
  /** The PIN parcels leave from: the last six-digit number of the address. */
  originPin: string;
};

export const DEFAULT_SHOP_ADDRESS = "12 MG Road, Bengaluru, Karnataka 560001";

/** A well-formed GSTIN for the demo shop in a given state (PAN AAAAA0000A, entity 1). */
export function demoGstin(stateCode: string): string {
  const first14 = `${stateCode}AAAAA0000A1Z`;
  return first14 + gstinCheckChar(first14);
}

export function getSeller(): Seller {
  const env = getEnv();
  const state = resolveState(env.SHOP_STATE ?? DEFAULT_SHOP_STATE) ?? {
    name: "Karnataka",
    code: "29",
  };
  const address = env.SHOP_ADDRESS ?? DEFAULT_SHOP_ADDRESS;
  const pins = address.match(/\b[1-9]\d{5}\b/g);
  const given = env.SHOP_GSTIN ? checkGstin(env.SHOP_GSTIN) : null;
  return {
    legalName: env.SHOP_LEGAL_NAME ?? "Overland 4x4 Gear Private Limited",
    address,
    stateName: state.name,
    stateCode: state.code,
    gstin: given?.ok ? given.gstin : demoGstin(state.code),
    demo: !given?.ok,
    originPin: pins?.at(-1) ?? "560001",
  };
}
