import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Erased, HeldData } from '../../../core/contract/privacy-data';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { MyDataPage } from './MyDataPage';
import { destinationProblem } from './my-data-form';

const HELD: HeldData = {
  destination: { kind: 'mobile', value: '0812345678' },
  generated_at: '2026-11-22T05:00:00.000Z',
  orders: [
    {
      order_id: '3f1c1d2e-8a4b-4c5d-9e6f-0a1b2c3d4e5f',
      event_key: 'bkk',
      event_title: 'Bangkok City Marathon 2026',
      amount: '63.00',
      paid_amount: '63.00',
      payment_status: 'PAID',
      payment_channel: 'PP',
      created_at: '2026-11-20T05:00:00.000Z',
      paid_at: '2026-11-20T05:01:00.000Z',
      refunded_at: null,
      mobile: '0812345678',
      email: 's****@example.com',
      contact: 'held',
      contact_masked_at: null,
      contact_erased_on: '2028-11-19T05:00:00.000Z',
      photos: [{ id: 7, thumbnail: '/storage/bkk/thumbnail/a.jpg' }],
    },
  ],
  notices: [],
  alerts: [],
  removals: [
    {
      id: 3,
      state: 'active',
      created_at: '2026-11-21T05:00:00.000Z',
      confirmed_at: '2026-11-21T05:05:00.000Z',
      undone_at: null,
      faces_removed: 4,
    },
  ],
  consents: [],
};
const ERASED: Erased = {
  alerts_deleted: 0,
  orders_erased: 0,
  orders_masked: 1,
  notices_masked: 1,
  orders_kept: 1,
  masked_until: '2028-11-19T05:00:00.000Z',
  removals_kept: 1,
};

type Reply = { status?: number; body: unknown };
let replies: Record<string, Reply[]>;
const fetchMock = vi.fn();
const sent = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeEach(() => {
  replies = {
    '/v1/privacy/code': [
      {
        body: { status: 'success', body: { request_id: 'r'.repeat(24), sent_to: '08******78', minutes: 15 } },
      },
    ],
    '/v1/privacy/verify': [{ body: { status: 'success', body: { access: 'a'.repeat(40), minutes: 30 } } }],
    '/v1/privacy/data': [{ body: { status: 'success', body: HELD } }],
    '/v1/privacy/erase': [{ body: { status: 'success', body: ERASED } }],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string) => {
    const path = Object.keys(replies).find((p) => String(url).endsWith(p));
    const queue = path ? replies[path] : undefined;
    const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { status: 'error', message: 'no' },
    };
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, code: string, message = code) => ({
  status,
  body: { status: 'error', message, code },
});

async function reachCode() {
  await renderPage(() => <MyDataPage />);
  changeField(screen.getByRole('textbox', { name: 'เบอร์มือถือ' }), { target: { value: '081-234-5678' } });
  fireEvent.click(screen.getByRole('button', { name: 'ส่งรหัส' }));
  await screen.findByText(/ส่งรหัส 6 หลักไปที่ 08\*\*\*\*\*\*78 แล้ว/);
}

describe('my-data rules', () => {
  it('needs a 10-digit mobile or an e-mail', () => {
    expect(destinationProblem('mobile', '')).toBe('required');
    expect(destinationProblem('mobile', '08123')).toBe('mobile');
    expect(destinationProblem('mobile', '0812345678')).toBeUndefined();
    expect(destinationProblem('email', 'somchai@')).toBe('email');
    expect(destinationProblem('email', ' Somchai@Example.com')).toBeUndefined();
  });
});

describe('MyDataPage', () => {
  it('sends a code, opens what is held, downloads it and erases it after a confirmation', async () => {
    await reachCode();
    expect(sent('/v1/privacy/code')).toEqual([
      { purpose: 'export', destination: { mobile: '0812345678' }, language: 'th' },
    ]);
    changeField(screen.getByRole('textbox', { name: 'รหัสยืนยัน' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'ดูข้อมูลของฉัน' }));
    expect(await screen.findByText('Bangkok City Marathon 2026')).toBeInTheDocument();
    expect(sent('/v1/privacy/verify')).toEqual([
      { request_id: 'r'.repeat(24), code: '123456', destination: { mobile: '0812345678' } },
    ]);
    expect(screen.getByRole('img', { name: 'ภาพ 7' })).toHaveAttribute('src', '/storage/bkk/thumbnail/a.jpg');
    expect(screen.getByText(/นำออก 4 ใบหน้า/)).toBeInTheDocument();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:held');
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดเป็นไฟล์ JSON' }));
    expect(saved).toEqual(['runfoto-my-data-2026-11-22.json']);
    expect(made).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
    made.mockRestore();

    fireEvent.click(screen.getByRole('button', { name: 'ลบข้อมูลของฉัน' }));
    const confirm = screen.getByRole('region', { name: 'ลบข้อมูลของฉัน?' });
    expect(within(confirm).getByText(/ตามที่กฎหมายบัญชีกำหนด/)).toBeInTheDocument();
    expect(within(confirm).getByText(/ค้นหาคำสั่งซื้อด้วยเบอร์นี้จะไม่พบอีก/)).toBeInTheDocument();
    expect(sent('/v1/privacy/erase')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'ยืนยันการลบ' }));
    expect(await screen.findByText(/ปิดบังของคำสั่งซื้อ 1 รายการ/)).toBeInTheDocument();
    expect(sent('/v1/privacy/erase')).toEqual([{ access: 'a'.repeat(40) }]);
  });

  it('says each refusal in its own words', async () => {
    replies['/v1/privacy/verify'] = [
      refusal(400, 'wrong-code', 'wrong code: 3 tries left'),
      refusal(429, 'too-many-tries'),
    ];
    await reachCode();
    changeField(screen.getByRole('textbox', { name: 'รหัสยืนยัน' }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'ดูข้อมูลของฉัน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('รหัสไม่ถูกต้อง ลองได้อีก 3 ครั้ง');
    fireEvent.click(screen.getByRole('button', { name: 'ดูข้อมูลของฉัน' }));
    expect(await screen.findByText('กรอกรหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่')).toBeInTheDocument();
  });

  it('tells when the store cannot send or too many codes were asked', async () => {
    replies['/v1/privacy/code'] = [refusal(400, 'cannot-send'), refusal(429, 'too-many-codes')];
    await renderPage(() => <MyDataPage />);
    changeField(screen.getByRole('textbox', { name: 'เบอร์มือถือ' }), { target: { value: '0812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งรหัส' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ร้านนี้ส่งรหัสทาง SMS ไม่ได้ กรุณาใช้อีเมล');
    fireEvent.click(screen.getByRole('button', { name: 'ส่งรหัส' }));
    expect(await screen.findByText('ขอรหัสบ่อยเกินไป กรุณาลองใหม่พรุ่งนี้')).toBeInTheDocument();
  });

  it('asks for a valid number before sending anything', async () => {
    await renderPage(() => <MyDataPage />);
    changeField(screen.getByRole('textbox', { name: 'เบอร์มือถือ' }), { target: { value: '0812' } });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งรหัส' }));
    expect(screen.getByText('เบอร์มือถือต้องมี 10 หลัก')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads in English', async () => {
    await renderPage(() => <MyDataPage />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My data');
  });
});
