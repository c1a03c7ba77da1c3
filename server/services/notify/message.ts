// The delivery notice's words (Thai first, then English): the download link of a paid or FREE order, how long the
// photos are kept, and where to find the order again. One text for e-mail, a short one for SMS.
import { formatBaht } from '../../../core/money-text';

export interface NoticeOrder {
  order_id: string;
  title: string;
  amount: string;
  payment_channel: string;
}

export interface NoticeText {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The order's page (download), on the store's public address. */
export const orderLink = (baseUrl: string, orderId: string) =>
  `${baseUrl.replace(/\/+$/, '')}/download/${orderId}`;
export const findOrderLink = (baseUrl: string) => `${baseUrl.replace(/\/+$/, '')}/find-order`;

export function deliveryNotice(order: NoticeOrder, baseUrl: string, retentionDays: number): NoticeText {
  const link = orderLink(baseUrl, order.order_id);
  const find = findOrderLink(baseUrl);
  const free = order.payment_channel === 'FREE';
  const subject = free
    ? `ภาพของคุณพร้อมดาวน์โหลด / Your photos are ready — ${order.title}`
    : `ชำระเงินเรียบร้อย ภาพพร้อมดาวน์โหลด / Payment received, your photos are ready — ${order.title}`;
  const th = [
    free ? 'คำสั่งซื้อของคุณเสร็จสมบูรณ์' : `ได้รับชำระเงิน ${formatBaht(order.amount)} เรียบร้อยแล้ว`,
    `งาน: ${order.title}`,
    `ดาวน์โหลดภาพได้ที่: ${link}`,
    `ภาพจะถูกเก็บไว้ประมาณ ${retentionDays} วันหลังวันจัดงาน กรุณาดาวน์โหลดเก็บไว้`,
    `ค้นหาคำสั่งซื้อภายหลังได้ที่ ${find}`,
  ];
  const en = [
    free ? 'Your order is complete.' : `We received your payment of ${formatBaht(order.amount)}.`,
    `Event: ${order.title}`,
    `Download your photos: ${link}`,
    `Photos are kept about ${retentionDays} days after the event; please download them soon.`,
    `Find your order again at ${find}`,
  ];
  const text = [...th, '', ...en, '', `Order ${order.order_id}`].join('\n');
  const paragraph = (lines: string[]) =>
    `<p>${lines.map((l) => escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)).join('<br>')}</p>`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">${paragraph(th)}${paragraph(en)}<p style="color:#667">Order ${escapeHtml(order.order_id)}</p></body></html>`;
  // One SMS segment pair at most: the link carries the rest.
  const sms = `RunFoto: ${free ? 'ภาพพร้อมดาวน์โหลด' : 'ชำระเงินเรียบร้อย'} / photos ready: ${link}`;
  return { subject, text, html, sms };
}
