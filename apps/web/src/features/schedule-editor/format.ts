/** Intl options in the organisation's time zone; an unknown zone (an old browser) falls back to the reader's own. */
function format(date: Date, language: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, options).format(date);
  }
}

const toDate = (at: string | number | Date) => (typeof at === 'number' ? new Date(at * 1000) : new Date(at));

/** A moment as the reader's language writes it, in the organisation's time zone (the schedule's own clock). */
export function formatMoment(at: string | number | Date, language: string, timeZone: string): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return format(date, language, timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** An occurrence's day ('Wed, 25 Nov 2026') and its times ('10:00–16:00'; the due day too when it is another). */
export function formatSpan(
  start: string | number,
  due: string | number,
  language: string,
  timeZone: string,
): { day: string; times: string } {
  const from = toDate(start);
  const to = toDate(due);
  const dayOf = (d: Date) =>
    format(d, language, timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const timeOf = (d: Date) => format(d, language, timeZone, { hour: '2-digit', minute: '2-digit' });
  const sameDay = dayOf(from) === dayOf(to);
  return {
    day: dayOf(from),
    times: `${timeOf(from)}–${sameDay ? timeOf(to) : formatMoment(to, language, timeZone)}`,
  };
}

/** A calendar day without its weekday ('30 Nov 2026'), in the organisation's time zone. */
export function formatShortDay(at: string | number, language: string, timeZone: string): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return String(at);
  return format(date, language, timeZone, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A number of hours with at most two decimals, in the reader's language. */
export function formatHours(hours: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(hours);
}
