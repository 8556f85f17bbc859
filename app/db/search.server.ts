import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { engineOf } from "./engine";

/**
 * Full-text search, one seam for both engines. Both have a `products_fts` table whose `rowid` is the
 * product's id (see the catalogue migration): an FTS5 table on SQLite, ranked by bm25; on
 * PostgreSQL a weighted `tsvector` (title A, brand B, category C, description D, the 'simple'
 * configuration: no stemming, as FTS5's unicode61) under a GIN index, ranked by ts_rank with the
 * same order of weights, divided by the document's length (bm25 favours short documents too: with
 * it the best answer is the same on both engines for 17 of 18 searches of the demo catalogue).
 * The sizes' part numbers are indexed too, weighted as the brand (migrations/
 * 20261129T090000_part_number_search.ts): an exact identifier, yet below a title.
 *
 * What a person types never becomes syntax: every run of letters and digits is a prefix term, all
 * of them required; a word of one or two letters is looked up in titles, brands and part numbers
 * only (as a prefix it matches nearly every description, and ranking all of those is slow). A part
 * number typed with dashes or slashes ('MR-305/785') also matches written together ('MR305785'),
 * as the index keeps both forms of a stored one.
 */
const SHORT_WORD = 2;
const MAX_WORDS = 8;
const MAX_LENGTH = 40;

/**
 * One thing typed between spaces: its words, all required, or else (for something with digits
 * and punctuation between its words, as a part number) `joined`, its words written together.
 */
type SearchGroup = { words: string[]; joined: string | null };

function searchGroups(input: string): SearchGroup[] {
  const groups: SearchGroup[] = [];
  const seen = new Set<string>();
  let room = MAX_WORDS;
  for (const chunk of input.normalize("NFKC").toLowerCase().split(/\s+/u)) {
    const found = chunk.match(/[\p{L}\p{N}]+/gu) ?? [];
    const words = [...new Set(found.map((w) => w.slice(0, MAX_LENGTH)))].slice(0, room);
    if (words.length === 0) continue;
    const joined =
      found.length > 1 && /\p{N}/u.test(chunk) ? found.join("").slice(0, MAX_LENGTH) : null;
    const key = `${words.join(" ")}|${joined ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    groups.push({ words, joined });
    room -= words.length;
    if (room === 0) break;
  }
  return groups;
}

/**
 * Something typed in several pieces with a digit among them, as a part number read off a box in
 * groups ('MR 305 785 55000'): all its words written together, which the query also accepts as a
 * whole. Null otherwise.
 */
function typedInPieces(input: string, groups: SearchGroup[]): string | null {
  if (groups.length < 2) return null;
  const words =
    input
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return /\p{N}/u.test(input) ? words.join("").slice(0, MAX_LENGTH) : null;
}

/** The FTS5 query for SQLite; null when nothing searchable is left. */
export function toFtsQuery(input: string): string | null {
  const term = (w: string) =>
    w.length <= SHORT_WORD ? `{title brand part_numbers} : "${w}"*` : `"${w}"*`;
  const found = searchGroups(input);
  const groups = found.map(({ words, joined }) => {
    const all = words.map(term).join(" AND ");
    return joined ? `((${all}) OR ${term(joined)})` : all;
  });
  if (groups.length === 0) return null;
  const whole = typedInPieces(input, found);
  return whole ? `((${groups.join(" AND ")}) OR ${term(whole)})` : groups.join(" AND ");
}

/** The tsquery for PostgreSQL (`word:*`, `word:*AB` for titles, brands and part numbers); null when nothing is left. */
export function toTsQuery(input: string): string | null {
  const term = (w: string) => (w.length <= SHORT_WORD ? `${w}:*AB` : `${w}:*`);
  const found = searchGroups(input);
  const groups = found.map(({ words, joined }) => {
    const all = words.map(term).join(" & ");
    return joined ? `((${all}) | ${term(joined)})` : all;
  });
  if (groups.length === 0) return null;
  const whole = typedInPieces(input, found);
  return whole ? `((${groups.join(" & ")}) | ${term(whole)})` : groups.join(" & ");
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
    rank: sql<number>`bm25(products_fts, 10.0, 4.0, 2.0, 1.0, 4.0)`,
  };
}
