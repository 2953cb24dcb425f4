import { sql } from 'kysely';
import type { Db } from './issue-queries.js';

/**
 * How common the words of a search are, from the statistics ANALYZE keeps of the issues' search
 * vectors (pg_stats.most_common_elems: the most frequent words, each with the share of issues
 * holding it). It decides how a search reads its candidates (issue-list-queries.ts): for a common
 * word a scan that stops after the first matches is cheapest; for a rare one only the full-text
 * index is, and a scan hoping for early matches would read the whole table (a word that matches
 * nothing: 330 ms at a million issues). The planner cannot tell the two apart for a last word
 * searched as a prefix ("zebra:*" is estimated like a common word), so the list asks here.
 */

/** A search whose rarest word is in at least this share of the issues counts as common. */
export const COMMON_SEARCH_SHARE = 0.01;
/** ANALYZE refreshes the statistics rarely; they are read again after this long. */
const STATS_TTL_MS = 10 * 60_000;

/** The statistics per database handle: read once per STATS_TTL_MS, however many searches ask meanwhile. */
type WordShares = { at: number; shares: Promise<Map<string, number>> };
const cache = new WeakMap<object, WordShares>();

function wordShares(db: Db): Promise<Map<string, number>> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.shares;
  const shares = readWordShares(db);
  cache.set(db, { at: Date.now(), shares });
  // A failed read is not kept: the next search asks again.
  shares.catch(() => {
    if (cache.get(db)?.shares === shares) cache.delete(db);
  });
  return shares;
}

async function readWordShares(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ words: string[] | null; shares: number[] | null }>`
    SELECT array_to_json(most_common_elems::text::text[]) AS words,
        array_to_json(most_common_elem_freqs) AS shares
      FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'issues' AND attname = 'search_vector'`.execute(db);
  const shares = new Map<string, number>();
  const { words, shares: values } = rows[0] ?? { words: null, shares: null };
  // most_common_elem_freqs holds one share per word, then the minimum, maximum and null share.
  for (const [i, word] of (words ?? []).entries()) shares.set(word, values?.[i] ?? 0);
  return shares;
}

/**
 * Whether every word of a search is common (the last one as a prefix: the words it starts
 * together), so its matches are many and found early by a scan. Words are the ones the search
 * query is made of (searchTsQuery), lower-case.
 */
export async function isCommonSearch(db: Db, words: string[]): Promise<boolean> {
  if (!words.length) return true;
  const shares = await wordShares(db);
  if (!shares.size) return false;
  const shareOf = (word: string, prefix: boolean) => {
    if (!prefix) return shares.get(word) ?? 0;
    let sum = 0;
    for (const [known, share] of shares) if (known.startsWith(word)) sum += share;
    return sum;
  };
  return words.every((word, i) => shareOf(word, i === words.length - 1) >= COMMON_SEARCH_SHARE);
}

/** Reads the statistics again on the next search (after an ANALYZE the caller ran). */
export function forgetSearchWordShares(db: Db): void {
  cache.delete(db);
}
