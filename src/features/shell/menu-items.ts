// The sidebar's menu: the site's pages (SPEC §1, §2) and the events on sale. Every entry carries its names in
// both languages so the menu search finds it whichever language the runner types in.
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { EventSummary } from '../../../core/contract/events';
import type { IconName } from './icons';

export interface MenuEntry {
  /** Stable id, the value kept in "pins": page:{name} or event:{event_key}. */
  id: string;
  kind: 'page' | 'event';
  /** The address inside the app. */
  path: string;
  /** The name in the current language. */
  label: string;
  /** Every name to search by (Thai, English, an event's key). */
  names: readonly string[];
  icon: IconName;
}

export const PAGE_MENU: ReadonlyArray<{
  id: string;
  path: string;
  label: MessageDescriptor;
  icon: IconName;
}> = [
  { id: 'page:home', path: '/', label: msg`หน้าแรก`, icon: 'home' },
  { id: 'page:how-to-order', path: '/how-to-order', label: msg`วิธีสั่งซื้อภาพ`, icon: 'steps' },
  { id: 'page:find-order', path: '/find-order', label: msg`ค้นหาคำสั่งซื้อ`, icon: 'receipt' },
  { id: 'page:cart', path: '/cart', label: msg`ตะกร้าสินค้า`, icon: 'cart' },
  { id: 'page:about', path: '/about', label: msg`เกี่ยวกับเรา`, icon: 'info' },
  { id: 'page:refund-policy', path: '/refund-policy', label: msg`นโยบายการคืนเงิน`, icon: 'refund' },
  { id: 'page:terms-of-use', path: '/terms-of-use', label: msg`ข้อกำหนดการใช้งาน`, icon: 'document' },
  { id: 'page:how-to-use', path: '/how-to-use', label: msg`วิธีดาวน์โหลดภาพ`, icon: 'download' },
];

/** Translators for the names in both languages, whatever language is active. */
export type Translators = readonly I18n[];

/** One translator per catalog (e.g. the Thai and the English messages). */
export const translatorsOf = (catalogs: Readonly<Record<string, Messages>>): Translators =>
  Object.entries(catalogs).map(([locale, messages]) =>
    setupI18n({ locale, messages: { [locale]: messages } }),
  );

/** The distinct names of a message in the catalogs; an untranslated message (its id comes back) is skipped. */
function namesOf(descriptor: MessageDescriptor, label: string, translators: Translators): string[] {
  const names = translators.map((i18n) => i18n._(descriptor)).filter((name) => name !== descriptor.id);
  return [...new Set([label, ...names])];
}

export function pageEntries(
  translate: (d: MessageDescriptor) => string,
  translators: Translators,
): MenuEntry[] {
  return PAGE_MENU.map(({ id, path, label, icon }) => {
    const text = translate(label);
    return { id, kind: 'page', path, label: text, names: namesOf(label, text, translators), icon };
  });
}

export const eventEntry = (event: Pick<EventSummary, 'event_key' | 'title'>): MenuEntry => ({
  id: `event:${event.event_key}`,
  kind: 'event',
  path: `/${event.event_key}`,
  label: event.title,
  names: [event.title, event.event_key],
  icon: 'calendar',
});
