import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '../../../core/contract/events';
import { appDb } from '../../lib/db/app-db';
import { changeField } from '../../test/change-field';
import { eventSummary } from '../../test/event-summary';
import { stubMatchMedia } from '../../test/match-media';
import { renderPage } from '../../test/render-page';
import { CartPage } from './CartPage';
import { addAllToCart, orderHistory, readFlag, readList, setLatestResults } from './cart-store';
import type { CartKind } from './cart-types';
import { standardPackages } from './test-event';
import { photo } from './test-items';

const UUID = '3f1c1d2e-8a4b-4c5d-9e6f-0a1b2c3d4e5f';

function eventDetail(over: Partial<EventDetail> = {}): EventDetail {
  return {
    ...eventSummary(1),
    mhao_price: '0.00',
    hybrid_mhao_price: '0.00',
    face_threshold: 0.5,
    max_face_search: 100,
    caption_button_buy_all: '',
    payment_currency: 'THB',
    package: standardPackages.map((p) => ({ ...p })),
    package_hb: [],
    stage: [],
    ...over,
  };
}

interface Server {
  event: EventDetail;
  gateway: string;
  create: 'ok' | 'fail' | 'expired';
}
let server: Server;
const fetchMock = vi.fn();

function answer(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

beforeEach(async () => {
  await Promise.all(appDb.tables.map((table) => table.clear()));
  server = { event: eventDetail(), gateway: 'GBP', create: 'ok' };
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string) => {
    if (url.endsWith('/v1/events/event-1')) return answer({ status: 'success', body: server.event });
    if (url.endsWith('/v1/utils/conf')) return answer({ status: 'success', body: { value: server.gateway } });
    if (url.endsWith('/order/create')) {
      if (server.create === 'expired') {
        return answer(
          {
            status: 'error',
            message: 'the photos of this event have expired',
            code: 'photos-expired',
            field: 'event_key',
          },
          400,
        );
      }
      return server.create === 'ok'
        ? answer({ status: 'success', uuid: UUID })
        : answer({ status: 'error', message: 'amount must be 63.00' }, 400);
    }
    if (url.endsWith('/v1/logs/')) return answer({ status: 'success' });
    return answer({ status: 'error', message: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  stubMatchMedia();
});
afterEach(() => vi.unstubAllGlobals());

const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(suffix));

async function renderCart(kind: CartKind = 'standard') {
  await renderPage(() => (
    <>
      <Toaster />
      <CartPage kind={kind} />
    </>
  ));
}

const priceRow = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });

async function fillAndCreate() {
  changeField(screen.getByLabelText('เบอร์มือถือ'), { target: { value: '0812345678' } });
  fireEvent.click(screen.getByRole('radio', { name: 'พร้อมเพย์ (สแกน QR)' }));
  fireEvent.click(screen.getByRole('button', { name: 'สร้างคำสั่งซื้อ' }));
}

describe('CartPage', () => {
  it('counts photos in English with plurals (the manual cart is in English): 1 image, then 2 images', async () => {
    await addAllToCart('manual', [photo(1)]);
    await renderCart('manual');
    expect(await screen.findByText('1 image')).toBeInTheDocument();
    await addAllToCart('manual', [photo(2)]);
    expect(await screen.findByText('2 images')).toBeInTheDocument();
  });

  it('an empty cart says so and offers a new search', async () => {
    await renderCart();
    expect(await screen.findByText('ไม่มีรูปในตะกร้า')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'เริ่มค้นหาใหม่' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'รายการสั่งซื้อและชำระเงิน' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ค้นหาคำสั่งซื้อเดิม/ })).toHaveAttribute('target', '_blank');
  });

  it('shows the event, the photos and the price table in baht, and logs the visit', async () => {
    await addAllToCart(
      'standard',
      [1, 2, 3, 4, 5, 6].map((id) => photo(id)),
    );
    await renderCart();
    expect(await screen.findByRole('heading', { name: 'งานวิ่ง 1' })).toBeInTheDocument();
    expect(screen.getByText('5 ภาพ · ฿250.00')).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(6);
    await screen.findByRole('table');
    expect(priceRow('ราคาเต็ม')).toHaveTextContent('฿360.00');
    expect(priceRow('ส่วนลด')).toHaveTextContent('฿50.00');
    expect(priceRow('ราคารวม')).toHaveTextContent('฿310.00');
    expect(priceRow('ค่าธรรมเนียมการชำระเงิน 5%')).toHaveTextContent('฿15.50');
    expect(priceRow('ยอดชำระ')).toHaveTextContent('฿325.50');
    expect(screen.queryByText('ราคาเฉลี่ยต่อภาพ')).not.toBeInTheDocument();
    await waitFor(() => expect(calls('/v1/logs/')).toHaveLength(1));
    expect(JSON.parse(calls('/v1/logs/')[0]?.[1].body)).toEqual({
      service: 'cart',
      cart_count: 6,
      image_id: 6,
      list: '',
      event_key: 'event-1',
    });
  });

  it('blocks a cart of two events with the red message until the odd photo is removed', async () => {
    await addAllToCart('standard', [photo(1), photo(2), photo(9, 2)]);
    await renderCart();
    expect(await screen.findByText('กรุณาเลือกรูปจากงานเดียวกันเท่านั้น')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'สร้างคำสั่งซื้อ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ลบรูปที่ 1 จากงาน event-2 ออกจากตะกร้า' }));
    expect(await screen.findByRole('button', { name: 'สร้างคำสั่งซื้อ' })).toBeInTheDocument();
    expect(screen.queryByText('กรุณาเลือกรูปจากงานเดียวกันเท่านั้น')).not.toBeInTheDocument();
  });

  it('a mixed cart labels each photo by its event and keeps one event’s photos in one tap', async () => {
    await addAllToCart('standard', [photo(1), photo(2), photo(9, 2)]);
    await renderCart();
    // Each event's photos under its title (the store's title once it answers, its key until then).
    const first = await screen.findByRole('region', { name: eventDetail().title });
    const second = screen.getByRole('region', { name: 'event-2' });
    expect(
      within(first)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual([`รูปที่ 1 จากงาน ${eventDetail().title}`, `รูปที่ 2 จากงาน ${eventDetail().title}`]);
    expect(within(second).getByRole('img')).toHaveAttribute('alt', 'รูปที่ 1 จากงาน event-2');
    fireEvent.click(within(first).getByRole('button', { name: 'เก็บเฉพาะรูปจากงานนี้ (นำรูปงานอื่นออก 1 รูป)' }));
    expect(await screen.findByRole('button', { name: 'สร้างคำสั่งซื้อ' })).toBeInTheDocument();
    expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([1, 2]);
  });

  it('remove all asks first; keeping changes nothing, confirming empties the cart', async () => {
    await addAllToCart('standard', [photo(1), photo(2)]);
    await renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'ลบทั้งหมด' }));
    let dialog = await screen.findByRole('dialog', { name: 'ลบรูปทั้งหมดออกจากตะกร้า?' });
    expect(dialog).toHaveTextContent('รูปในตะกร้า 2 รูปจะถูกนำออก');
    fireEvent.click(within(dialog).getByRole('button', { name: 'เก็บไว้' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await readList('cart', 'standard')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'ลบทั้งหมด' }));
    dialog = await screen.findByRole('dialog', { name: 'ลบรูปทั้งหมดออกจากตะกร้า?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ลบทั้งหมด' }));
    expect(await screen.findByText('ไม่มีรูปในตะกร้า')).toBeInTheDocument();
  });

  it('creates a PromptPay order on v1 with an idempotency key, keeps it in the history and says so', async () => {
    await addAllToCart('standard', [photo(1)]);
    await renderCart();
    await screen.findByRole('table');
    await fillAndCreate();
    const dialog = await screen.findByRole('dialog', { name: 'สร้างคำสั่งซื้อเรียบร้อยแล้ว' });
    expect(within(dialog).getByRole('link')).toHaveAttribute('href', `/download/${UUID}`);
    const [url, init] = calls('/order/create')[0] ?? [];
    expect(url).toBe('/api/v1/order/create');
    expect(init.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(init.body)).toMatchObject({
      mobile: '0812345678',
      event_key: 'event-1',
      amount: '63.00',
      payment_channel: 'PP',
      payment_gateway: 'GBP',
      is_mhao: 'N',
      image_length: 1,
    });
    expect(await orderHistory()).toMatchObject([
      { uuid: UUID, event_title: 'งานวิ่ง 1', amount: '63.00', image_count: 1 },
    ]);
    expect(await readList('cart', 'standard')).toEqual([]);
  });

  it('an empty gateway setting alerts the administrator and makes no order', async () => {
    server.gateway = '';
    await addAllToCart('standard', [photo(1)]);
    await renderCart();
    await screen.findByRole('table');
    await fillAndCreate();
    expect(await screen.findByText('ระบบชำระเงินยังไม่ได้ตั้งค่า กรุณาแจ้งผู้ดูแลระบบ')).toBeInTheDocument();
    expect(calls('/order/create')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'สร้างคำสั่งซื้อ' })).toBeEnabled();
  });

  it('a refused order shows the error toast and allows another try with a new key', async () => {
    server.create = 'fail';
    await addAllToCart('standard', [photo(1)]);
    await renderCart();
    await screen.findByRole('table');
    await fillAndCreate();
    expect(await screen.findByText(/เกิดข้อผิดพลาดในการสร้างคำสั่งซื้อ/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'สร้างคำสั่งซื้อ' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'สร้างคำสั่งซื้อ' }));
    await waitFor(() => expect(calls('/order/create')).toHaveLength(2));
    const keys = calls('/order/create').map(([, init]) => init.headers['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
    expect(await readList('cart', 'standard')).toHaveLength(1);
  });

  it('an order refused because the photos expired says so, not the generic error', async () => {
    server.create = 'expired';
    await addAllToCart('standard', [photo(1)]);
    await renderCart();
    await screen.findByRole('table');
    await fillAndCreate();
    expect(await screen.findByText('ภาพของงานนี้หมดระยะเวลาการจัดเก็บแล้ว ไม่สามารถสั่งซื้อได้')).toBeInTheDocument();
    expect(screen.queryByText(/เกิดข้อผิดพลาดในการสร้างคำสั่งซื้อ/)).toBeNull();
  });

  it('unlimited package: refused with the spec alert when there are no latest results', async () => {
    server.event = eventDetail({ is_mhao: 'Y', mhao_price: '399.00' });
    await addAllToCart('standard', [photo(1)]);
    await renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'เลือกแพ็กเกจเหมา ฿399.00' }));
    const alert = await screen.findByRole('dialog', { name: 'ไม่สามารถทำรายการได้' });
    expect(alert).toHaveTextContent('เราต้องการให้นักวิ่งได้ซื้อรูปในราคาที่ถูกที่สุด');
    fireEvent.click(within(alert).getByRole('button', { name: 'ตกลง' }));
    expect(await readFlag('standard')).toBe('NO');
    expect(await readList('cart', 'standard')).toHaveLength(1);
  });

  it('unlimited package: chosen with confirmation, then cancelled back to the earlier cart', async () => {
    server.event = eventDetail({ is_mhao: 'Y', mhao_price: '399.00' });
    await addAllToCart('standard', [photo(1)]);
    await setLatestResults('standard', [photo(1), photo(2), photo(3)]);
    await renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'เลือกแพ็กเกจเหมา ฿399.00' }));
    const confirm = await screen.findByRole('dialog', { name: 'เลือกแพ็กเกจเหมา' });
    expect(confirm).toHaveTextContent('ผลการค้นหาล่าสุด 3 รูป');
    fireEvent.click(within(confirm).getByRole('button', { name: 'ตกลง' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(await readFlag('standard')).toBe('YES');
    await waitFor(() => expect(priceRow('ราคารวม')).toHaveTextContent('฿399.00'));
    expect(screen.getByText('ราคาที่ใช้: แพ็กเกจเหมาทุกภาพ ฿399.00')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิกแพ็กเกจเหมา' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    expect(await readFlag('standard')).toBe('NO');
    fireEvent.click(await screen.findByRole('button', { name: 'เลือกแพ็กเกจเหมา ฿399.00' }));
    expect(await screen.findByRole('dialog', { name: 'เลือกแพ็กเกจเหมา' })).toBeInTheDocument();
  });

  it('a free-keep-contract event with nothing to pay shows the free form and orders FREE on v3', async () => {
    server.event = eventDetail({
      is_free_download_keep_contract: 'Y',
      package: standardPackages.map((p) => ({ ...p, price: '0.00' })),
    });
    await addAllToCart('standard', [photo(1), photo(2)]);
    await renderCart();
    expect(await screen.findByRole('heading', { name: 'รับภาพโดยไม่มีค่าใช้จ่าย' })).toBeInTheDocument();
    expect(priceRow('ยอดชำระ')).toHaveTextContent('฿0.00');
    expect(screen.getByRole('button', { name: 'ยกเลิก' })).toBeInTheDocument();
    changeField(screen.getByLabelText('เบอร์มือถือ'), { target: { value: '0812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'สร้างคำสั่งซื้อ' }));
    await screen.findByRole('dialog', { name: 'สร้างคำสั่งซื้อเรียบร้อยแล้ว' });
    const [url, init] = calls('/order/create')[0] ?? [];
    expect(url).toBe('/api/v3/order/create');
    expect(JSON.parse(init.body)).toMatchObject({ payment_channel: 'FREE', amount: '0.00' });
  });

  it('the manual cart writes money the same way, with thousands, and names its fee row as the others do', async () => {
    await addAllToCart(
      'manual',
      Array.from({ length: 25 }, (_, i) => photo(i + 1)),
    );
    await renderCart('manual');
    await screen.findByRole('table');
    // 20 + 5 photos: 800 + 250 = 1,050, and the 5% payment fee.
    expect(priceRow('Total')).toHaveTextContent('฿1,050.00');
    expect(priceRow('Payment fee 5%')).toHaveTextContent('฿52.50');
    expect(priceRow('Final payment')).toHaveTextContent('฿1,102.50');
    expect(document.body.textContent).not.toMatch(/THB|baht|บาท/);
  });

  it('the wholesale cart writes money as ฿1,234.00, shows the average price and the all-images notice, without remove buttons', async () => {
    server.event = eventDetail({ is_hybrid: 'Y', is_mhao_hybrid: 'Y', hybrid_mhao_price: '590.00' });
    await addAllToCart('wholesale', [photo(1), photo(2), photo(3)]);
    await appDb.mhao.put({ kind: 'wholesale', flag: 'YES' });
    await renderCart('wholesale');
    await screen.findByRole('table');
    expect(priceRow('ราคารวม')).toHaveTextContent('฿590.00');
    expect(priceRow('ราคาเฉลี่ยต่อภาพ')).toHaveTextContent('฿196.67');
    expect(screen.getByText('คุณจะได้รับภาพทั้งหมด 3 ภาพ')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /ออกจากตะกร้า/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls('/v1/logs/')).toHaveLength(1));
    expect(JSON.parse(calls('/v1/logs/')[0]?.[1].body)).toMatchObject({
      service: 'cart-wholesale',
      list: '1,2,3',
    });
  });
});
