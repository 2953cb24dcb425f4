/**
 * Copies of what was read at an access version (migrations 0010 and 0035: every change to the
 * workspace tree, roles, collaborations and people bumps it), kept per database handle (tests run
 * several apps in one process) and bounded. A copy is only handed out for the version it was read
 * at, so it is never used past a change.
 */
export type VersionStampedCache<K, V> = {
  get(db: object, key: K, version: string): V | undefined;
  /** Stamp with the version read before the data was: a change in between shows as a newer one. */
  set(db: object, key: K, version: string, value: V): void;
};

export function versionStampedCache<K, V>(maxEntries: number): VersionStampedCache<K, V> {
  const perDb = new WeakMap<object, Map<K, { version: string; value: V }>>();
  const entriesOf = (db: object) => {
    let entries = perDb.get(db);
    if (!entries) {
      entries = new Map();
      perDb.set(db, entries);
    }
    return entries;
  };
  return {
    get(db, key, version) {
      const kept = perDb.get(db)?.get(key);
      return kept && kept.version === version ? kept.value : undefined;
    },
    set(db, key, version, value) {
      const entries = entriesOf(db);
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { version, value });
    },
  };
}
