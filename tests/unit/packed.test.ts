import { describe, expect, it } from "vitest";
import { pack, unpack } from "~/utils/packed";

describe("pack and unpack", () => {
  it("give back the value, quotes and all, read once for the same packed string", () => {
    const menus = { vehicles: [{ slug: "toyota_hilux", name: 'Toyota "Hilux" ₹' }], brands: [] };
    const packed = pack(menus);
    expect(typeof packed).toBe("string");
    const first = unpack(packed);
    expect(first).toEqual(menus);
    // The same string again (the next page of this catalogue version): the same value, not parsed anew.
    expect(unpack(pack(menus))).toBe(first);
    // Another string: its own value.
    const other = unpack(pack({ vehicles: [], brands: [{ slug: "arb", name: "ARB" }] }));
    expect(other.brands).toEqual([{ slug: "arb", name: "ARB" }]);
    expect(unpack(packed)).toEqual(menus);
  });
});
