/** A calendar day ('YYYY-MM-DD') in the reader's language, e.g. 12 Mar 2025 (read at noon UTC, so no zone moves it). */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
