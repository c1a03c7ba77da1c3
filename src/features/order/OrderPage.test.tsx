import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Inquiry } from '../../../core/contract/order';
import { photoCopyUrl } from '../../../core/contract/photos';
import { appDb } from '../../lib/db/app-db';
import { stubMatchMedia } from '../../test/match-media';
import { renderPage } from '../../test/render-page';
import { support } from '../../test/support-settings';
import { OrderPage } from './OrderPage';
import { inquiry, ORDER_UUID, paidImage, paidInquiry } from './order-test-data';

// A store with a support channel (the demo's); one test takes them away (no dead-end contact links then).
vi.mock('../../lib/app-settings', async (original) =>
  (await import('../../test/support-settings')).withSupport(await original()),
);

vi.mock('qrcode', () => ({
  default: { toCanvas: vi.fn(async () => undefined) },
}));

let answers: unknown[] = [];
const requests: { url: string; body: unknown }[] = [];

beforeEach(async () => {
  support.current = { lineId: '@runfoto' };
  await appDb.orders.clear();
  answers = [];
  requests.length = 0;
  stubMatchMedia();
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
const open = async (...replies: unknown[]) => openAt('/', ...replies);
const openAt = async (path: string, ...replies: unknown[]) => {
  answers = replies;
  await renderPage(() => <OrderPage q={ORDER_UUID} />, { path });
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
    expect(screen.getByText('฿126.00')).toBeInTheDocument();
    expect(screen.getByText('สถานะ: รอการชำระเงิน')).toHaveClass('waiting');
    const qr = screen.getByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿126.00' });
    expect(qr.closest('[data-qr-payload]')).toHaveAttribute('data-qr-payload', inquiry().qrcode_url);
    expect(screen.getByText('เมื่อชำระเงินเรียบร้อยแล้ว กดปุ่ม "รีเฟรช"')).toBeInTheDocument();
    expect(screen.getByText(/บันทึกภาพหน้าจอ QR Code นี้ไว้/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ติดต่อทีมงาน' })).toHaveAttribute('href', '/about#contact');
    expect(screen.getByRole('heading', { name: 'ภาพที่สั่งซื้อ 2 ภาพ' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'DSC_1001.JPG' })).toHaveAttribute(
      'src',
      photoCopyUrl('/storage/run/thumbnail/p1.jpg'),
    );
    expect(screen.queryByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeNull();
  });

  it('asks again by itself and shows the paid order without a reload', async () => {
    await open(answer(inquiry({ state_token: 'INITIAL/-/N/N/1:0' })), answer(paidInquiry([paidImage(1)])));
    expect(await screen.findByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeInTheDocument();
    // The second ask waits on the server for a change from what the page has shown.
    expect(requests[1]?.body).toEqual({
      tk: 'demo-app-token',
      order_uuid: ORDER_UUID,
      wait: 25,
      known: 'INITIAL/-/N/N/1:0',
    });
  });

  it('Refresh asks again at once', async () => {
    await open(answer(inquiry()));
    const before = requests.length;
    fireEvent.click(screen.getByRole('button', { name: 'รีเฟรช' }));
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(requests.at(-1)?.body).toEqual({ tk: 'demo-app-token', order_uuid: ORDER_UUID });
  });

  it('back from a failed card payment: the error dialog, once', async () => {
    window.history.replaceState(null, '', `/download/${ORDER_UUID}?return=1`);
    await openAt(
      '/?return=1',
      answer(inquiry({ payment_channel: 'CC', qrcode_url: '', payment_failure: 'declined' })),
    );
    expect(await screen.findByRole('dialog', { name: 'พบข้อผิดพลาด' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(screen.getByText('การชำระเงินครั้งล่าสุดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
  });

  it('a refunded order says so and offers no downloads', async () => {
    await open(answer(paidInquiry([], { is_refunded: 'Y', images_paid: '[]' })));
    expect(screen.getByText('คำสั่งซื้อนี้ได้รับการคืนเงินแล้ว จึงไม่สามารถดาวน์โหลดภาพได้')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ดาวน์โหลดภาพต้นฉบับทั้งหมด/ })).toBeNull();
  });

  it('PAY NOW on Opn without a card public key asks to tell the administrator', async () => {
    await open(answer(inquiry({ payment_gateway: 'OPN', payment_channel: 'CC', qrcode_url: '' })));
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ไม่สามารถชำระด้วยบัตรได้ในขณะนี้' });
    expect(within(dialog).getByRole('link', { name: 'ติดต่อทีมงาน' })).toBeInTheDocument();
  });

  it('PAY NOW in the sandbox opens the sandbox card form', async () => {
    await open(answer(inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC', qrcode_url: '' })));
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
    expect(within(dialog).getByLabelText('หมายเลขบัตร')).toBeInTheDocument();
  });

  it('the sandbox card form is made for a phone: numeric keypads, card autocomplete, number and expiry as printed', async () => {
    await open(answer(inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC', qrcode_url: '' })));
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
    const number = within(dialog).getByLabelText('หมายเลขบัตร');
    const expiry = within(dialog).getByLabelText('วันหมดอายุ (MM/YY)');
    const cvv = within(dialog).getByLabelText('CVV');
    expect(within(dialog).getByLabelText('ชื่อบนบัตร')).toHaveAttribute('autocomplete', 'cc-name');
    for (const [input, autocomplete] of [
      [number, 'cc-number'],
      [expiry, 'cc-exp'],
      [cvv, 'cc-csc'],
    ] as const) {
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      expect(input).toHaveAttribute('inputmode', 'numeric');
    }
    fireEvent.change(number, { target: { value: '4242424242424242' } });
    expect(number).toHaveValue('4242 4242 4242 4242');
    fireEvent.change(expiry, { target: { value: '1230' } });
    expect(expiry).toHaveValue('12/30');
    fireEvent.change(cvv, { target: { value: '12a3' } });
    expect(cvv).toHaveValue('123');
  });

  it('a declined card says so (no money taken; another card or PromptPay), not the error dialog', async () => {
    await open(answer(inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC', qrcode_url: '' })));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/sandbox/tokens'))
          return new Response(JSON.stringify({ object: 'token', id: 'sbx_tokn_1' }), { status: 200 });
        if (url.endsWith('/opn-cc-payment'))
          return new Response(
            JSON.stringify({ status: 'error', message: 'the card was declined', code: 'payment_rejected' }),
            { status: 402 },
          );
        return new Response(
          JSON.stringify(answer(inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC' }))),
        );
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }));
    const form = await screen.findByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
    fireEvent.change(within(form).getByLabelText('ชื่อบนบัตร'), { target: { value: 'Somchai' } });
    fireEvent.change(within(form).getByLabelText('หมายเลขบัตร'), { target: { value: '4000000000000002' } });
    fireEvent.change(within(form).getByLabelText('วันหมดอายุ (MM/YY)'), { target: { value: '12/40' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: /^ชำระ / }));
    const declined = await screen.findByRole('dialog', { name: 'บัตรถูกปฏิเสธ' });
    expect(declined).toHaveTextContent('ไม่มีการตัดเงินจากบัตรของคุณ');
    expect(declined).toHaveTextContent('พร้อมเพย์');
    expect(screen.queryByRole('dialog', { name: 'พบข้อผิดพลาด' })).toBeNull();
    fireEvent.click(within(declined).getByRole('button', { name: 'ลองบัตรอื่น' }));
    expect(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeInTheDocument();
  });

  it('a declined card offers PromptPay instead: the same order turns to its QR, for the same amount', async () => {
    const card = inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC', qrcode_url: '' });
    await open(answer(card));
    let switched = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/sandbox/tokens'))
        return new Response(JSON.stringify({ object: 'token', id: 'sbx_tokn_1' }), { status: 200 });
      if (url.endsWith('/opn-cc-payment'))
        return new Response(
          JSON.stringify({ status: 'error', message: 'the card was declined', code: 'payment_rejected' }),
          { status: 402 },
        );
      if (url.endsWith('/promptpay-instead')) {
        expect(JSON.parse(String(init?.body))).toMatchObject({ order_uuid: ORDER_UUID });
        switched = true;
        return new Response(JSON.stringify({ status: 'success', payment_channel: 'PP' }));
      }
      return new Response(
        JSON.stringify(
          answer(
            switched
              ? inquiry({
                  payment_gateway: 'SANDBOX',
                  payment_channel: 'PP',
                  qrcode_url: '00020101021129370016',
                })
              : card,
          ),
        ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' }));
    const form = await screen.findByRole('dialog', { name: 'ชำระด้วยบัตร (ระบบทดสอบ)' });
    fireEvent.change(within(form).getByLabelText('ชื่อบนบัตร'), { target: { value: 'Somchai' } });
    fireEvent.change(within(form).getByLabelText('หมายเลขบัตร'), { target: { value: '4000000000000002' } });
    fireEvent.change(within(form).getByLabelText('วันหมดอายุ (MM/YY)'), { target: { value: '12/40' } });
    fireEvent.change(within(form).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'ชำระ ฿126.00' }));
    const declined = await screen.findByRole('dialog', { name: 'บัตรถูกปฏิเสธ' });
    fireEvent.click(within(declined).getByRole('button', { name: 'ชำระด้วยพร้อมเพย์ (QR) แทน' }));
    expect(await screen.findByRole('img', { name: 'QR Code พร้อมเพย์ สำหรับชำระ ฿126.00' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'บัตรถูกปฏิเสธ' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeNull();
    expect(screen.getByText('฿126.00')).toBeInTheDocument();
  });

  it('PromptPay instead that cannot be done now says why and keeps the card order', async () => {
    await open(answer(inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC', qrcode_url: '' })));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/promptpay-instead'))
          return new Response(
            JSON.stringify({ status: 'error', message: 'in progress', code: 'payment-in-progress' }),
            { status: 409 },
          );
        return new Response(
          JSON.stringify(
            answer(inquiry({ payment_gateway: 'SANDBOX', payment_channel: 'CC', qrcode_url: '' })),
          ),
        );
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'หรือชำระด้วยพร้อมเพย์ (QR) แทน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ยังดำเนินการอยู่ที่ธนาคาร');
    expect(screen.getByRole('button', { name: 'ชำระเงินทันที (PAY NOW)' })).toBeInTheDocument();
  });

  it('a sandbox order links to the sandbox payment page', async () => {
    await open(answer(inquiry({ payment_gateway: 'SANDBOX' })));
    expect(screen.getByRole('link', { name: 'ระบบทดสอบ: ชำระเงินในหน้าทดสอบ (Sandbox)' })).toHaveAttribute(
      'href',
      `/api/sandbox/pay/${ORDER_UUID}`,
    );
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
    expect(screen.getByText('฿126.00').tagName).toBe('S');
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
    // The buyer's own thumbnails, without the public mark, in both states of the toggle.
    const thumbnails = () =>
      screen
        .getAllByRole('img', { name: /^DSC_/ })
        .filter((img) => img.closest('.order-thumbnails.paid'))
        .map((img) => img.getAttribute('src'));
    const own = [1, 2, 3].map((n) => `/api/v1/order/${ORDER_UUID}/thumbnail/${paidImage(n).id}`);
    expect(thumbnails()).toEqual(own);
    fireEvent.click(screen.getByRole('button', { name: 'ภาพโลโก้' }));
    expect(screen.getAllByRole('button', { name: /^ดูภาพ\+โลโก้ DSC_/ })).toHaveLength(3);
    expect(thumbnails()).toEqual(own);
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

  it('a store without support channels offers no contact link: waiting, the error dialog, the card dialog', async () => {
    support.current = {};
    onTestFinished(() => {
      support.current = { lineId: '@runfoto' };
    });
    await open(answer(inquiry()));
    expect(screen.queryByText(/ติดต่อทีมงาน/)).toBeNull();
    expect(screen.queryByText(/ชำระเงินไม่ได้หรือมีปัญหา/)).toBeNull();
    expect(document.querySelector('a[href="/about#contact"]')).toBeNull();
    cleanup();
    await open({ status: 'error', message: 'order not found' });
    const dialog = await screen.findByRole('dialog', { name: 'พบข้อผิดพลาด' });
    expect(dialog).toHaveTextContent('กรุณาลองใหม่อีกครั้ง');
    expect(within(dialog).queryByRole('link')).toBeNull();
  });

  it('an unknown order opens the inquiry error dialog; confirm leaves a retry', async () => {
    await open({ status: 'error', message: 'order not found' });
    // The dialog opens (showModal, or the open attribute) in an effect after the page renders.
    const dialog = await screen.findByRole('dialog', { name: 'พบข้อผิดพลาด' });
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

  it('keeps each answer on this device and opens from it offline, saying so', async () => {
    const paid = paidInquiry([paidImage(1)]);
    answers = [answer(paid)];
    const first = await renderPage(() => <OrderPage q={ORDER_UUID} />);
    await screen.findByRole('heading', { name: 'ชำระเงินเรียบร้อย' });
    await waitFor(async () => expect((await appDb.orders.get(ORDER_UUID))?.last_inquiry).toBeDefined());
    const kept = await appDb.orders.get(ORDER_UUID);
    expect(kept).toMatchObject({ uuid: ORDER_UUID, amount: paid.amount, image_count: 2 });
    first.unmount();

    await open('offline');
    expect(await screen.findByRole('heading', { name: 'ชำระเงินเรียบร้อย' })).toBeInTheDocument();
    expect(screen.getByText(/^ออฟไลน์อยู่: แสดงข้อมูลคำสั่งซื้อที่บันทึกไว้ในเครื่องนี้เมื่อ \d/)).toBeInTheDocument();
    expect(screen.queryByText('ไม่สามารถโหลดคำสั่งซื้อได้', { exact: false })).toBeNull();
  });
});
