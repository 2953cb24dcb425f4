import type { Location } from '@workbench/domain';

/**
 * What a form's save sends of its location: nothing when it is the same as saved (or the field
 * is not offered), else `location` (null clears it). The key is `location` on issues and
 * workspaces and `geo_location` on equipment (whose `location` is the storage place's text).
 */
export function locationBody<K extends 'location' | 'geo_location' = 'location'>(
  saved: Location | null,
  wanted: Location | null,
  options: { offered?: boolean; key?: K } = {},
): Partial<Record<K, Location | null>> {
  const { offered = true, key = 'location' as K } = options;
  if (!offered || JSON.stringify(saved) === JSON.stringify(wanted)) return {};
  return { [key]: wanted } as Partial<Record<K, Location | null>>;
}

/** The location as forms hold it (re-exported for forms that import nothing else of the domain's). */
export type PickedLocation = Location;
