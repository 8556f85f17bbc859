import type { Kysely, RawBuilder, SelectQueryBuilder } from "kysely";
import { jsonArrayFrom as postgresJsonArrayFrom } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArrayFrom } from "kysely/helpers/sqlite";
import { engineOf } from "./engine";

/**
 * A subquery's rows as one JSON array column of the outer statement (json_group_array on SQLite,
 * json_agg on PostgreSQL: Kysely's helpers). Read it back with `jsonRows`.
 */
export function jsonArrayFrom<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  subquery: SelectQueryBuilder<any, any, O>,
): RawBuilder<O[]> {
  return (
    engineOf(db) === "postgres" ? postgresJsonArrayFrom(subquery) : sqliteJsonArrayFrom(subquery)
  ) as RawBuilder<O[]>;
}

/** SQLite hands the array over as JSON text, PostgreSQL's driver as parsed values. */
export function jsonRows<O>(value: O[] | string): O[] {
  return typeof value === "string" ? (JSON.parse(value) as O[]) : value;
}
