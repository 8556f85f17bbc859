import type { Kysely } from "kysely";
import { prepared } from "~/db/prepared.server";
import type { DB } from "~/db/schema";
import { z } from "zod";
import {
  addressSchema,
  indianStateSchema,
  pinCodeSchema,
  type AddressInput,
} from "~/utils/validation";
import { lookupPin, pinStateProblem } from "./pin-directory.server";

/** A saved delivery address, in the spec's field names. */
export type Address = AddressInput & { id: number };

/**
 * The address form's rules plus India Post's directory: a PIN that exists, in the chosen state.
 * A known PIN fills an empty city (its district) and an empty state, so the form works from the
 * PIN alone without JavaScript too. Shared by the HTML forms and the API.
 *
 * The PIN and state are compared as the values are read, before the fields' own rules, so that a
 * form with a bad phone number and a PIN of another state hears of both at once (a refinement
 * after the fields would not run once a field has failed).
 */
export const deliveryAddressSchema = z.preprocess((raw, ctx) => {
  if (!raw || typeof raw !== "object") return raw;
  const v = { ...(raw as Record<string, unknown>) };
  const pin = pinCodeSchema.safeParse(v.postalCode);
  const place = pin.success ? lookupPin(pin.data) : null;
  // Only a field left empty (absent, null or blank) is filled: one of another type (a list, an
  // object, a number) is refused by the schema like any other field, not replaced.
  const empty = (f: unknown) => f == null || (typeof f === "string" && !f.trim());
  if (place) {
    if (empty(v.city)) v.city = place.district;
    if (empty(v.state)) v.state = place.state;
  }
  const state = indianStateSchema.safeParse(v.state);
  const problem = pin.success && state.success ? pinStateProblem(pin.data, state.data) : null;
  if (problem) ctx.addIssue({ code: "custom", path: ["postalCode"], message: problem });
  return v;
}, addressSchema);

/** Most addresses a shopper can keep (a guard against runaway scripts, not a product rule). */
export const MAX_ADDRESSES_PER_USER = 50;

function columns() {
  return [
    "id",
    "full_name as fullName",
    "phone",
    "address1",
    "address2",
    "city",
    "state",
    "postal_code as postalCode",
    "country",
  ] as const;
}

function toRow(input: AddressInput) {
  return {
    full_name: input.fullName,
    phone: input.phone,
    address1: input.address1,
    address2: input.address2 ?? "",
    city: input.city,
    state: input.state,
    postal_code: input.postalCode,
    country: input.country,
  };
}

const addressesOf = prepared((db, userId: number) =>
  db.selectFrom("addresses").where("user_id", "=", userId).select(columns()).orderBy("id", "desc"),
);

/** The user's addresses, newest first. */
export async function listAddresses(db: Kysely<DB>, userId: number): Promise<Address[]> {
  return addressesOf(db, userId);
}

const addressOf = prepared((db, userId: number, id: number) =>
  db.selectFrom("addresses").where("id", "=", id).where("user_id", "=", userId).select(columns()),
);

/** One address, or null when it does not exist or is not the user's. */
export async function getAddress(
  db: Kysely<DB>,
  userId: number,
  id: number,
): Promise<Address | null> {
  const [row] = await addressOf(db, userId, id);
  return row ?? null;
}

/**
 * The address an order is delivered to: the one chosen, or with no choice (null) the newest the
 * user saved (the spec's simple checkout saves its address, then orders without naming it).
 */
export async function deliveryAddressFor(
  db: Kysely<DB>,
  userId: number,
  id: number | null,
): Promise<Address | null> {
  if (id !== null) return getAddress(db, userId, id);
  return (await listAddresses(db, userId))[0] ?? null;
}

/** Saves a new address (input already validated by `addressSchema`); null when the user has too many. */
export async function createAddress(
  db: Kysely<DB>,
  userId: number,
  input: AddressInput,
): Promise<Address | null> {
  return db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom("addresses")
      .where("user_id", "=", userId)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ADDRESSES_PER_USER) return null;
    return trx
      .insertInto("addresses")
      .values({ user_id: userId, ...toRow(input) })
      .returning(columns())
      .executeTakeFirstOrThrow();
  });
}

/** Changes the user's address; null when it is not theirs. */
export async function updateAddress(
  db: Kysely<DB>,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Address | null> {
  const row = await db
    .updateTable("addresses")
    .set(toRow(input))
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(columns())
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the user's address; false when it is not theirs. */
export async function deleteAddress(db: Kysely<DB>, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("addresses")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
