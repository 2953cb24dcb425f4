import {
  type ClientSettings,
  isIssueAddressOn,
  type Location,
  type LocationColumns,
  locationFromColumns,
  locationToColumns,
} from '@workbench/domain';

/**
 * The location of an issue write: kept when the organisation's include_issue_address
 * (settings.display.address) is on, quietly dropped when it is off. Dropped rather than refused:
 * a form opened before an admin switched the setting off still saves its other fields, as the
 * other display flags behave; the stored location stays and shows again when it is switched on.
 */
export function withIssueLocationSetting<T extends { location?: Location | null }>(
  fields: T,
  settings: Pick<ClientSettings, 'display'>,
): T {
  if (fields.location === undefined || isIssueAddressOn(settings)) return fields;
  const { location: _dropped, ...rest } = fields;
  return rest as T;
}

/** The columns an insert stores for a sent location (nothing when none was sent). */
export function locationInsertColumns(location: Location | null | undefined): Partial<LocationColumns> {
  return location ? locationToColumns(location) : {};
}

/**
 * A sent location against the row's: null when nothing was sent or it is the same; otherwise the
 * activity log's [before, after] and the columns to write.
 */
export function locationUpdate(
  row: LocationColumns,
  sent: Location | null | undefined,
): { change: [Location | null, Location | null]; columns: LocationColumns } | null {
  if (sent === undefined) return null;
  const before = locationFromColumns(row);
  if (JSON.stringify(before) === JSON.stringify(sent)) return null;
  return { change: [before, sent], columns: locationToColumns(sent) };
}
