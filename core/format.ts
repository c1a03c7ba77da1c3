// Display formats for the two languages: dates in Thai time, Thai dates in the Buddhist era.
import type { Language } from './constants';

const locales: Record<Language, string> = { th: 'th-TH', en: 'en-GB' };

/**
 * One formatter per language and style, made on first use: making one loads the locale's calendar data, which
 * costs a phone more than formatting a whole page of dates.
 */
function formatter(
  made: Partial<Record<Language, Intl.DateTimeFormat>>,
  language: Language,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  made[language] ??= new Intl.DateTimeFormat(locales[language], options);
  return made[language];
}
const dateTimes: Partial<Record<Language, Intl.DateTimeFormat>> = {};
const eventDates: Partial<Record<Language, Intl.DateTimeFormat>> = {};

export function formatDateTime(iso: string, language: Language): string {
  return formatter(dateTimes, language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as the event's date, e.g. "16 พ.ย. 2569" / "16 Nov 2026". */
export function formatEventDate(isoDate: string, language: Language): string {
  return formatter(eventDates, language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** Money as shown everywhere: "฿1,234.00" (core/money-text.ts, shared with the server's texts). */
export { formatBaht } from './money-text';

/** The event's date as shown: the organiser's Thai text in Thai, the calendar date formatted in English. */
export function eventDateLabel(
  event: { event_date_text: string; eventdate: string },
  language: Language,
): string {
  return language === 'th' && event.event_date_text
    ? event.event_date_text
    : formatEventDate(event.eventdate, language);
}

/** A race time as results print it: H:MM:SS (tenths when the time has them), from milliseconds. */
export function formatRaceTime(ms: number): string {
  const tenths = Math.floor((ms % 1000) / 100);
  const seconds = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h}:${pad(m)}:${pad(s)}${tenths > 0 ? `.${tenths}` : ''}`;
}
