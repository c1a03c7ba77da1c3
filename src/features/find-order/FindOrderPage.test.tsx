import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoundOrder } from '../../../core/contract/order';
import { appDb } from '../../lib/db/app-db';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { FindOrderPage } from './FindOrderPage';
import { findOrderProblem } from './find-order-form';

const UUID = '3f1c1d2e-8a4b-4c5d-9e6f-0a1b2c3d4e5f';
const FOUND: FoundOrder = {
  create_date: '2026-11-22T05:00:00.000Z',
  order_id: UUID,
  title: 'Bangkok City Marathon 2026',
  status: 'PAID',
};

let found: FoundOrder[];
const fetchMock = vi.fn();
const asked = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/v1/order/find-order'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeEach(async () => {
  await appDb.orders.clear();
  found = [FOUND];
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      String(url).endsWith('/v1/order/find-order')
        ? new Response(JSON.stringify({ status: 'success', body: found }))
        : new Response(JSON.stringify({ status: 'error', message: 'not found' }), { status: 404 }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const input = () => screen.getByRole('textbox', { name: /^เบอร์มือถือ$|4 ตัวสุดท้าย/ });
const search = () => fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));

describe('find-order rules (SPEC §5)', () => {
  it('needs the input, 10-15 digits or exactly 4 characters', () => {
    expect(findOrderProblem('mobile', '')).toBe('required');
    expect(findOrderProblem('mobile', '081234567')).toBe('mobile-length');
    expect(findOrderProblem('mobile', '0812345678')).toBeUndefined();
    expect(findOrderProblem('mobile', '081234567890123')).toBeUndefined();
    expect(findOrderProblem('payment_ref', 'AB1')).toBe('receipt-length');
    expect(findOrderProblem('payment_ref', 'AB12')).toBeUndefined();
  });
});

describe('FindOrderPage', () => {
  it('/find-mobile/{mobile} searches at once and lists the order with its gallery link', async () => {
    await renderPage(() => <FindOrderPage mobile="0812345678" />);
    const table = await screen.findByRole('table');
    expect(asked()).toEqual([{ tk: 'demo-app-token', filter_type: 'mobile', txt_search: '0812345678' }]);
    const link = within(table).getByRole('link', { name: 'เปิดแกลเลอรี' });
    expect(link).toHaveAttribute('href', `/download/${UUID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(table).getByText('Bangkok City Marathon 2026')).toBeInTheDocument();
    expect(within(table).getByText('ชำระเงินแล้ว')).toBeInTheDocument();
    expect(input()).toHaveValue('0812345678');
  });

  it('says what is wrong before asking the server, in Thai', async () => {
    await renderPage(() => <FindOrderPage />);
    search();
    expect(await screen.findByText('กรุณากรอกข้อมูลที่ต้องการค้นหา')).toBeInTheDocument();
    changeField(input(), { target: { value: '081-234' } });
    expect(input()).toHaveValue('081234');
    search();
    expect(await screen.findByText('เบอร์มือถือต้องมี 10-15 หลัก')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'สลิปโอนเงิน (4 ตัวสุดท้าย)' }));
    expect(screen.getByRole('img', { name: /ตัวอย่างสลิปโอนเงิน/ })).toBeInTheDocument();
    changeField(input(), { target: { value: 'ab' } });
    search();
    expect(await screen.findByText('กรุณากรอก 4 ตัวสุดท้ายของเลขที่รายการในสลิป')).toBeInTheDocument();
    expect(asked()).toEqual([]);
    changeField(input(), { target: { value: 'ab1-2' } });
    expect(input()).toHaveValue('AB12');
    // With a slip, the order's mobile number too.
    search();
    expect(await screen.findByText('กรุณากรอกข้อมูลที่ต้องการค้นหา')).toBeInTheDocument();
    expect(asked()).toEqual([]);
    changeField(screen.getByLabelText('เบอร์มือถือที่ใช้สั่งซื้อ'), { target: { value: '081-234-5678' } });
    search();
    await screen.findByRole('table');
    expect(asked()).toEqual([
      { tk: 'demo-app-token', filter_type: 'payment_ref', txt_search: 'AB12', mobile: '0812345678' },
    ]);
  });

  it('shows the row "order not found", and Reset clears it and returns to the mobile filter', async () => {
    found = [];
    await renderPage(() => <FindOrderPage />, { language: 'en' });
    fireEvent.click(screen.getByRole('radio', { name: 'Transfer slip (last 4 characters)' }));
    changeField(screen.getByRole('textbox', { name: /last 4/i }), { target: { value: 'ZZ99' } });
    changeField(screen.getByRole('textbox', { name: 'The mobile number of the order' }), {
      target: { value: '0812345678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('cell', { name: 'order not found' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Mobile number' })).toBeChecked();
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('says so when the search fails', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderPage(() => <FindOrderPage mobile="0812345678" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('ค้นหาไม่สำเร็จ กรุณาลองใหม่อีกครั้ง');
    warn.mockRestore();
  });

  it('lists the orders made on this device, newest first, each opening its page', async () => {
    await appDb.orders.bulkPut([
      {
        uuid: 'older',
        kind: 'standard',
        event_key: 'a',
        event_title: 'Older Run',
        amount: '63.00',
        image_count: 1,
        created_at: '2026-11-01T01:00:00.000Z',
      },
      {
        uuid: 'newer',
        kind: 'standard',
        event_key: 'b',
        event_title: 'Newer Run',
        amount: '315.00',
        image_count: 5,
        created_at: '2026-11-20T01:00:00.000Z',
      },
    ]);
    await renderPage(() => <FindOrderPage />, { language: 'en' });
    const saved = await screen.findByRole('region', { name: 'Orders on this device' });
    const links = within(saved).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/download/newer', '/download/older']);
    expect(links[0]).toHaveTextContent('Newer Run');
    expect(links[0]).toHaveTextContent('5 photos');
    expect(links[1]).toHaveTextContent('1 photo ·');
    await waitFor(() => expect(links[1]).toHaveTextContent('฿63.00'));
  });
});
