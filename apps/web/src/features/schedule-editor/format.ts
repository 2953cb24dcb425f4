/** A moment as the reader's language writes it, in the organisation's time zone (the schedule's own clock). */
export function formatMoment(at: string | number | Date, language: string, timeZone: string): string {
  const date = typeof at === 'number' ? new Date(at * 1000) : new Date(at);
  if (Number.isNaN(date.getTime())) return String(at);
  try {
    return new Intl.DateTimeFormat(language, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(date);
  } catch {
    // An unknown zone (never saved, but an old browser may not know a new one): the reader's own.
    return date.toLocaleString(language);
  }
}

/** A number of hours with at most two decimals, in the reader's language. */
export function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
}
