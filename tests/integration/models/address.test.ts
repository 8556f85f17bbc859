import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createAddress,
  deleteAddress,
  deliveryAddressSchema,
  getAddress,
  listAddresses,
  updateAddress,
} from "~/models/address.server";
import {
  addressSchema,
  cartLineQuantitySchema,
  fieldErrors,
  INDIAN_STATES,
  indianMobileSchema,
  MAX_CART_LINE_QUANTITY,
  pinCodeSchema,
  quantitySchema,
} from "~/utils/validation";
import { createTestDb, type TestDb } from "../../support/db";

const valid = {
  fullName: "Priya Sharma",
  phone: "+91 98765 43210",
  address1: "14, MG Road",
  address2: "Near Trinity Metro",
  city: "Bengaluru",
  state: "karnataka",
  postalCode: "560 001",
  country: "India",
};

describe("address validation", () => {
  it("accepts an Indian address and tidies it", () => {
    expect(addressSchema.parse(valid)).toEqual({
      ...valid,
      phone: "9876543210",
      state: "Karnataka",
      postalCode: "560001",
    });
  });

  it("reads Indian mobile numbers in their usual spellings", () => {
    for (const ok of [
      "9876543210",
      "+919876543210",
      "+91-98765-43210",
      "09876543210",
      "919876543210",
      "6000000000",
    ]) {
      expect(indianMobileSchema.parse(ok)).toMatch(/^[6-9]\d{9}$/);
    }
    for (const bad of [
      "",
      "12345",
      "5876543210",
      "98765432101",
      "+44 7911 123456",
      "98765abcde",
      "+91 12345 67890",
    ]) {
      expect(indianMobileSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("needs a 6-digit PIN code that does not start with 0", () => {
    for (const ok of ["110001", "400 001", "682001", "744101"])
      expect(pinCodeSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["", "011001", "11001", "1100011", "ABC123"])
      expect(pinCodeSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("lists the 28 states and 8 union territories and accepts only those", () => {
    expect(INDIAN_STATES).toHaveLength(36);
    for (const s of [
      "Delhi",
      "Ladakh",
      "Puducherry",
      "Tamil Nadu",
      "Dadra and Nagar Haveli and Daman and Diu",
    ]) {
      expect(INDIAN_STATES).toContain(s);
    }
    expect(addressSchema.safeParse({ ...valid, state: "California" }).success).toBe(false);
    expect(addressSchema.parse({ ...valid, state: "  west   bengal " }).state).toBe("West Bengal");
  });

  it("makes address line 2 optional and the country India by default, and India only", () => {
    const { address2: _a, country: _c, ...rest } = valid;
    expect(addressSchema.parse(rest)).toMatchObject({ address2: "", country: "India" });
    expect(addressSchema.parse({ ...valid, country: "india" }).country).toBe("India");
    expect(addressSchema.safeParse({ ...valid, country: "Nepal" }).success).toBe(false);
  });

  it("names every missing or wrong field with its own message", () => {
    const result = addressSchema.safeParse({
      fullName: " ",
      phone: "123",
      address1: "",
      city: "",
      state: "",
      postalCode: "12",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      fullName: "Enter the full name",
      phone: "Enter a 10-digit Indian mobile number",
      address1: "Enter the address",
      city: "Enter the city",
      state: "Choose a state",
      postalCode: "Enter a 6-digit PIN code",
    });
  });
});

describe("delivery address validation (with the PIN directory)", () => {
  const errorsOf = (input: Record<string, unknown>) => {
    const result = deliveryAddressSchema.safeParse(input);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("blames the PIN only when it lies in another known state", () => {
    expect(errorsOf({ ...valid, postalCode: "411001" })).toEqual({
      postalCode: "PIN 411001 is in Maharashtra, not Karnataka.",
    });
    // A state that is not one of India's: that field alone is wrong, the PIN is not blamed.
    expect(errorsOf({ ...valid, state: "Nowhere", postalCode: "411001" })).toEqual({
      state: "Choose a state or union territory of India",
    });
    expect(errorsOf({ ...valid, postalCode: "12" })).toEqual({
      postalCode: "Enter a 6-digit PIN code",
    });
    expect(errorsOf({ ...valid, postalCode: "560001" })).toEqual({});
  });

  it("says at once that the PIN is in another state and what else is wrong", () => {
    // Each of these fields fails in a way that stops the checks after it: the PIN is still compared.
    for (const [field, value, message] of [
      ["phone", "12", "Enter a 10-digit Indian mobile number"],
      ["country", "Nepal", "We deliver within India only"],
      ["fullName", "", "Enter the full name"],
    ]) {
      expect(errorsOf({ ...valid, [field]: value, postalCode: "411 001" })).toEqual({
        [field]: message,
        postalCode: "PIN 411001 is in Maharashtra, not Karnataka.",
      });
    }
  });
});

describe("quantity validation", () => {
  it("accepts 1 to 6 for an add, from a form field or JSON", () => {
    expect(quantitySchema.parse("1")).toBe(1);
    expect(quantitySchema.parse(6)).toBe(6);
    for (const bad of ["0", "7", "-1", "2.5", "abc", ""])
      expect(quantitySchema.safeParse(bad).success, bad).toBe(false);
  });

  it("accepts 1 to the cap for a line change, never below 1", () => {
    expect(cartLineQuantitySchema.parse("12")).toBe(12);
    expect(cartLineQuantitySchema.safeParse("0").success).toBe(false);
    expect(cartLineQuantitySchema.safeParse(String(MAX_CART_LINE_QUANTITY + 1)).success).toBe(
      false,
    );
  });
});

describe("saved addresses", () => {
  let t: TestDb;
  let alice: number;
  let bob: number;
  beforeEach(async () => {
    t = await createTestDb();
    const ids = await t.db
      .insertInto("users")
      .values([
        { email: "alice@example.com", password_hash: "x" },
        { email: "bob@example.com", password_hash: "x" },
      ])
      .returning("id")
      .execute();
    [alice, bob] = ids.map((r) => r.id);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it("saves, lists newest first, edits and deletes the owner's addresses", async () => {
    const first = await createAddress(t.db, alice, addressSchema.parse(valid));
    const second = await createAddress(
      t.db,
      alice,
      addressSchema.parse({ ...valid, city: "Mysuru", postalCode: "570001" }),
    );
    expect(first).toMatchObject({
      fullName: "Priya Sharma",
      phone: "9876543210",
      state: "Karnataka",
      postalCode: "560001",
      country: "India",
    });
    expect((await listAddresses(t.db, alice)).map((a) => a.city)).toEqual(["Mysuru", "Bengaluru"]);

    const edited = await updateAddress(
      t.db,
      alice,
      first!.id,
      addressSchema.parse({ ...valid, city: "Bangalore" }),
    );
    expect(edited?.city).toBe("Bangalore");
    expect(await deleteAddress(t.db, alice, second!.id)).toBe(true);
    expect((await listAddresses(t.db, alice)).map((a) => a.id)).toEqual([first!.id]);
  });

  it("treats someone else's address as not found", async () => {
    const mine = await createAddress(t.db, alice, addressSchema.parse(valid));
    expect(await getAddress(t.db, bob, mine!.id)).toBeNull();
    expect(
      await updateAddress(t.db, bob, mine!.id, addressSchema.parse({ ...valid, city: "Pune" })),
    ).toBeNull();
    expect(await deleteAddress(t.db, bob, mine!.id)).toBe(false);
    expect(await listAddresses(t.db, bob)).toEqual([]);
    expect(await getAddress(t.db, alice, mine!.id)).toMatchObject({ city: "Bengaluru" });
  });
});
