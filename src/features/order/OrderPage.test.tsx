import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Inquiry } from '../../../core/contract/order';
import { renderPage } from '../../test/render-page';
import { OrderPage } from './OrderPage';
import { inquiry, ORDER_UUID, paidImage, paidInquiry } from './order-test-data';

vi.mock('qrcode', () => ({
  default: { toCanvas: vi.fn(async () => undefined) },
}));

let answers: unknown[] = [];
const requests: { url: string; body: unknown }[] = [];

beforeEach(() => {
  answers = [];
  requests.length = 0;
  // jsdom has no matchMedia; the toaster asks it for reduced motion.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/storage/')) return new Response('expired', { status: 403 });
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next === 'offline') throw new TypeError('Failed to fetch');
      const refused = (next as { status?: string }).status !== 'success';
      return new Response(JSON.stringify(next), { status: refused ? 404 : 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const answer = (i: Inquiry) => ({ status: 'success', ...i });
const open = async (...replies: unknown[]) => {
  answers = replies;
  await renderPage(() => <OrderPage q={ORDER_UUID} />);
  await screen.findByRole('heading', { level: 1, name: 'ชำระเงินและดาวน์โหลดภาพ' });
};

describe('OrderPage', () => {
  it('asks the v3 inquiry with the app token and shows nothing until it answers', async () => {
    answers = [answer(inquiry())];
    await renderPage(() => <OrderPage q={ORDER_UUID} />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'ชำระเงินและดาวน์โหลดภาพ' });
    expect(requests[0]).toEqual({
      url: '/api/v3/order/inquiry',
      body: { tk: 'demo-app-token', order_uuid: ORDER_UUID },
    });
    expect(document.title).toBe('ชำระเงินและดาวน์โหลดภาพ | RunFoto');
  });

  it('waiting for PromptPay: amount, red status, QR, refresh hint, screenshot tip, thumbnails with count', async () => {
    await open(answer(inquiry()));
    expect(screen.getByText(ORDER_UUID)).toBeInTheDocument();
    expect(screen.getByText('126.00')).toBeInTheDocument();
    expect(screen.getByText('สถานะ: รอการชำระเงิน')).toHaveClass('waiting');
    const qr = screen.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ 126.00 บาท' });
    expect(qr.closest('[data-qr-payload]')).toHaveAttribute('data-qr-payload', inquiry().qrcode_url);
    expect(screen.getByText('เมื่อชำระเงินเรียบร้อยแล้ว กดปุ่ม "รีเฟรช"')).toBeInTheDocument();
    expect(screen.getByText(/บันทึกภาพหน้าจอ QR Code นี้ไว้/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ติดต่อทีมงาน' })).toHaveAttribute('href', '/about#contact');
    expect(screen.getByRole('heading', { name: 'ภาพที่สั่งซื้อ 2 ภาพ' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'DSC_1001.JPG' })).toHaveAttribute(
      'src',
      '/storage/run/thumbnail/p1.jpg',
    );
    expect(screen.queryByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeNull();
  });

  it('Refresh asks again and shows the paid order', async () => {
    await open(answer(inquiry()), answer(paidInquiry([paidImage(1)])));
    fireEvent.click(screen.getByRole('button', { name: 'รีเฟรช' }));
    expect(await screen.findByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('a card order shows PAY NOW instead of a QR', async () => {
    await open(answer(inquiry({ payment_channel: 'CC', qrcode_url: '' })));
    expect(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR Code/ })).toBeNull();
  });

  it('an order with no images left says End of Sale', async () => {
    await open(answer(inquiry({ images_order: '[]' })));
    expect(screen.getByText('ปิดการขายแล้ว (พ้นระยะเวลาเก็บภาพของงานนี้)')).toBeInTheDocument();
  });

  it('an AM order: struck amount, copyable request with the order link, earlier order and lookup link', async () => {
    await open(answer(inquiry({ payment_channel: 'AM', qrcode_url: '', am_order_ref: 'REF-12345' })));
    expect(screen.getByText('126.00').tagName).toBe('S');
    expect(screen.getByText('สถานะ: รอแอดมินอนุมัติ')).toBeInTheDocument();
    const request = screen.getByRole('textbox', { name: 'ข้อความขออนุมัติ' }) as HTMLTextAreaElement;
    expect(request.value).toContain(`${window.location.origin}/download/${ORDER_UUID}`);
    expect(request.value).toContain('อ้างอิงคำสั่งซื้อก่อนหน้า: REF-12345');
    expect(request.value).toContain(`${window.location.origin}/find-mobile/0812345678`);
    expect(screen.getByRole('link', { name: 'ดูคำสั่งซื้อทั้งหมดของเบอร์นี้' })).toHaveAttribute(
      'href',
      '/find-mobile/0812345678',
    );
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'คัดลอกข้อความ' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(request.value));
    expect(await screen.findByText('คัดลอกแล้ว!')).toBeInTheDocument();
  });

  it('PAID: green status, four steps, both download-all buttons with counts, toggle, gallery', async () => {
    await open(answer(paidInquiry([paidImage(1), paidImage(2), paidImage(3)])));
    expect(screen.getByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toHaveClass('paid');
    const steps = within(screen.getByRole('list', { name: 'ขั้นตอนของคำสั่งซื้อ' })).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (3 ภาพ)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดภาพโลโก้ทั้งหมด (3 ภาพ)' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^ดูภาพ DSC_/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'ภาพโลโก้' }));
    expect(screen.getAllByRole('button', { name: /^ดูภาพ\+โลโก้ DSC_/ })).toHaveLength(3);
  });

  it('PAID but logo images not made yet: says they are being prepared, with Refresh', async () => {
    await open(answer(paidInquiry([paidImage(1)], { is_logo_image_created: 'N' })));
    expect(screen.getByText(/กำลังเตรียมภาพโลโก้/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ดาวน์โหลดภาพโลโก้ทั้งหมด/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'รีเฟรช' })).toBeInTheDocument();
  });

  it('FREE: "order completed", three steps, no logo download and no toggle', async () => {
    await open(answer(paidInquiry([paidImage(1)], { payment_channel: 'FREE', amount: '0.00' })));
    expect(screen.getByRole('heading', { name: 'สร้างคำสั่งซื้อเรียบร้อย' })).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'ขั้นตอนของคำสั่งซื้อ' })).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (1 ภาพ)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ดาวน์โหลดภาพโลโก้/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ภาพโลโก้' })).toBeNull();
  });

  it('PAID with no images left says the storage period has expired', async () => {
    await open(answer(paidInquiry([])));
    expect(screen.getByText('หมดระยะเวลาการเก็บภาพแล้ว')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ดาวน์โหลดภาพต้นฉบับทั้งหมด/ })).toBeNull();
  });

  it('download all asks to confirm with the image count', async () => {
    await open(answer(paidInquiry([paidImage(1), paidImage(2)])));
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (2 ภาพ)' }));
    const dialog = screen.getByRole('dialog', { name: 'ดาวน์โหลดภาพทั้งหมด' });
    expect(dialog).toHaveTextContent('ต้องการดาวน์โหลดภาพทั้งหมด 2 ภาพเป็นไฟล์ zip หรือไม่?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a zip that cannot be built opens the Download Error dialog', async () => {
    await open(answer(paidInquiry([paidImage(1)])));
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (1 ภาพ)' }));
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลด' }));
    const dialog = await screen.findByRole('dialog', { name: 'ดาวน์โหลดผิดพลาด' });
    expect(dialog).toHaveTextContent('ดาวน์โหลดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง');
  });

  it('in an in-app browser, download all asks to open Chrome or Safari and copies the link', async () => {
    const ua = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 Safari Line/14.9.0';
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const execCommand = document.execCommand;
    document.execCommand = vi.fn(() => false);
    onTestFinished(() => {
      document.execCommand = execCommand;
    });
    await open(answer(paidInquiry([paidImage(1)])));
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดภาพต้นฉบับทั้งหมด (1 ภาพ)' }));
    const dialog = screen.getByRole('dialog', { name: 'กรุณาเปิดใน Chrome หรือ Safari' });
    expect(screen.queryByRole('dialog', { name: 'ดาวน์โหลดภาพทั้งหมด' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'คัดลอกลิงก์' }));
    expect(await screen.findByText('คัดลอกไม่สำเร็จ กรุณาคัดลอกด้วยตนเอง')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    vi.restoreAllMocks();
  });

  it('an unknown order opens the inquiry error dialog; confirm leaves a retry', async () => {
    await open({ status: 'error', message: 'order not found' });
    const dialog = screen.getByRole('dialog', { name: 'พบข้อผิดพลาด' });
    expect(within(dialog).getByRole('link', { name: 'ฝ่ายลูกค้าสัมพันธ์' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ตกลง' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('ไม่สามารถแสดงคำสั่งซื้อนี้ได้')).toBeInTheDocument();
  });

  it('a lost connection says so with a retry instead of the error dialog', async () => {
    await open('offline', answer(inquiry()));
    expect(screen.getByRole('alert')).toHaveTextContent('ไม่สามารถโหลดคำสั่งซื้อได้');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ลองใหม่' }));
    expect(await screen.findByText('สถานะ: รอการชำระเงิน')).toBeInTheDocument();
  });
});
