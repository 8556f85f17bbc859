import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { engineOf } from "./engine";

/**
 * Full-text search, one seam for both engines. Both have a `products_fts` table whose `rowid` is the
 * product's id (see the catalogue migration): an FTS5 table on SQLite, ranked by bm25; on
 * PostgreSQL a weighted `tsvector` (title A, brand B, category C, description D, the 'simple'
 * configuration: no stemming, as FTS5's unicode61) under a GIN index, ranked by ts_rank with the
 * same order of weights, divided by the document's length (bm25 favours short documents too: with
 * it the best answer is the same on both engines for 17 of 18 searches of the demo catalogue).
 *
 * What a person types never becomes syntax: every run of letters and digits is a prefix term, all
 * of them required; a word of one or two letters is looked up in titles and brands only (as a
 * prefix it matches nearly every description, and ranking all of those is slow).
 */
const SHORT_WORD = 2;
const MAX_WORDS = 8;

function searchWords(input: string): string[] {
  const words =
    input
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS).map((w) => w.slice(0, 40));
}

/** The FTS5 query for SQLite; null when nothing searchable is left. */
export function toFtsQuery(input: string): string | null {
  const terms = searchWords(input).map((w) => {
    const term = `"${w}"*`;
    return w.length <= SHORT_WORD ? `{title brand} : ${term}` : term;
  });
  return terms.length > 0 ? terms.join(" ") : null;
}

/** The tsquery for PostgreSQL (`word:*`, `word:*AB` for titles and brands); null when nothing is left. */
export function toTsQuery(input: string): string | null {
  const terms = searchWords(input).map((w) => (w.length <= SHORT_WORD ? `${w}:*AB` : `${w}:*`));
  return terms.length > 0 ? terms.join(" & ") : null;
}

/**
 * The condition that `products_fts` matches the text, and its rank (lower is better), for a query
 * joined with `products_fts` on `products_fts.rowid`; null when the text has nothing to search.
 */
export function fullTextMatch(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  input: string,
): { matches: RawBuilder<SqlBool>; rank: RawBuilder<number> } | null {
  if (engineOf(db) === "postgres") {
    const q = toTsQuery(input);
    if (!q) return null;
    const query = sql`to_tsquery('simple', ${q})`;
    return {
      matches: sql<SqlBool>`products_fts.document @@ ${query}`,
      rank: sql<number>`-ts_rank('{0.1, 0.2, 0.4, 1.0}', products_fts.document, ${query}, 2)`,
    };
  }
  const q = toFtsQuery(input);
  if (!q) return null;
  return {
    matches: sql<SqlBool>`products_fts match ${q}`,
    rank: sql<number>`bm25(products_fts, 10.0, 4.0, 2.0, 1.0)`,
  };
}
