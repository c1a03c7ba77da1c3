// Display formats for the two languages: dates in Thai time, Thai dates in the Buddhist era.
import type { Language } from './i18n';

const locales: Record<Language, string> = { th: 'th-TH', en: 'en-GB' };

export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD) as the event's date, e.g. "16 พ.ย. 2569" / "16 Nov 2026". */
export function formatEventDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** Baht from a decimal string: "1250.00" → "1,250.00". */
export function formatBaht(amount: string): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(amount),
  );
}

/** The event's date as shown: the organiser's Thai text in Thai, the calendar date formatted in English. */
export function eventDateLabel(
  event: { event_date_text: string; eventdate: string },
  language: Language,
): string {
  return language === 'th' && event.event_date_text
    ? event.event_date_text
    : formatEventDate(event.eventdate, language);
}
