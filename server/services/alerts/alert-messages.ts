// The words of a runner's alerts, in the language they asked in: the notification that sums new photos
// up, its e-mail, and the e-mail that confirms an address first. Plain text and HTML, links on the store's address.
import { type AlertPushPayload, alertConfirmPageUrl, alertPageUrl } from '../../../core/contract/alerts';

type Language = 'th' | 'en';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const absolute = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

/** "5 new photos of you at Bangkok City Marathon". */
export function newPhotosTitle(language: Language, photos: number, title: string): string {
  return language === 'th'
    ? `ภาพใหม่ของคุณ ${photos} ภาพ ที่งาน ${title}`
    : `${photos} new photo${photos === 1 ? '' : 's'} of you at ${title}`;
}

export function newPhotosPush(
  alert: { id: number; language: Language; event_key: string; title: string },
  token: string,
  photos: number,
): AlertPushPayload {
  return {
    title: newPhotosTitle(alert.language, photos, alert.title),
    body: alert.language === 'th' ? 'แตะเพื่อดูภาพใหม่' : 'Tap to see them',
    url: alertPageUrl(alert.event_key, token),
    tag: `photo-alert-${alert.id}`,
    photos,
  };
}

export interface AlertMail {
  subject: string;
  text: string;
  html: string;
}

const mail = (subject: string, lines: string[], link: string): AlertMail => ({
  subject,
  text: lines.join('\n'),
  html: `<!doctype html><html><body style="font-family:sans-serif"><p>${lines
    .map((l) =>
      escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
    )
    .join('<br>')}</p></body></html>`,
});

/** The e-mail of new photos: the event's page with them, and how to stop (the same page). */
export function newPhotosMail(
  alert: { language: Language; event_key: string; title: string },
  token: string,
  photos: number,
  baseUrl: string,
): AlertMail {
  const link = absolute(baseUrl, alertPageUrl(alert.event_key, token));
  const subject = newPhotosTitle(alert.language, photos, alert.title);
  return alert.language === 'th'
    ? mail(subject, [subject, `ดูภาพได้ที่: ${link}`, '', 'หยุดรับการแจ้งเตือนได้จากหน้าเดียวกัน'], link)
    : mail(
        subject,
        [subject, `See them here: ${link}`, '', 'You can stop these messages from the same page.'],
        link,
      );
}

/** The e-mail that confirms the address before any photo is told to it. */
export function confirmMail(
  alert: { language: Language; event_key: string; title: string },
  secret: string,
  baseUrl: string,
): AlertMail {
  const link = absolute(baseUrl, alertConfirmPageUrl(alert.event_key, secret));
  return alert.language === 'th'
    ? mail(
        `ยืนยันอีเมลเพื่อรับแจ้งเมื่อมีภาพใหม่ของคุณ — ${alert.title}`,
        [
          `มีคนขอให้แจ้งอีเมลนี้เมื่อมีภาพใหม่ของเขาในงาน ${alert.title}`,
          `ถ้าเป็นคุณ กดยืนยันที่: ${link}`,
          '',
          'ถ้าไม่ใช่คุณ ไม่ต้องทำอะไร เราจะไม่ส่งอีเมลมาอีก',
        ],
        link,
      )
    : mail(
        `Confirm your e-mail to hear about new photos of you — ${alert.title}`,
        [
          `Someone asked to be told at this address about new photos of them at ${alert.title}.`,
          `If it was you, confirm here: ${link}`,
          '',
          'If it was not you, do nothing: we will not write again.',
        ],
        link,
      );
}
