// The results of the panel, in Thai: Add / Remove against the real IndexedDB cart, the lightbox (keys, loop, focus),
// "more like this one", and the buttons of each event variant (buy all, download all, add all).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { photoCopyUrl } from '../../../core/contract/photos';
import { changeField } from '../../test/change-field';
import { readFlag, readList } from '../cart/cart-store';
import {
  fakeApi,
  found,
  jpegFile,
  picker,
  preparePanelTests,
  renderPanel,
  reply,
  testEvent,
} from './panel-test-kit';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));

preparePanelTests(compressSelfie);

async function searchFinds(count: number) {
  changeField(picker(), { target: { files: [jpegFile()] } });
  await screen.findByRole('heading', { name: `พบ ${count} รูปที่ตรงกับใบหน้าของคุณ` });
  await waitFor(async () => expect(await readList('cart_latest', 'standard')).toHaveLength(count));
}

const cartIds = async (kind: 'standard' | 'wholesale' = 'standard') =>
  (await readList('cart', kind)).map((p) => p.id);

describe('FaceSearchPanel results', () => {
  it('adds a photo to the cart, shows Remove for it, and removes it', async () => {
    fakeApi({ search: () => reply(200, found(5, 7)) });
    await renderPanel();
    await searchFinds(2);
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 2' }));
    expect(await screen.findByRole('button', { name: 'ลบออก รูปที่ 2' })).toBeInTheDocument();
    expect(await cartIds()).toEqual([7]);
    expect(screen.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ลบออก รูปที่ 2' }));
    expect(await screen.findByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 2' })).toBeInTheDocument();
    expect(await cartIds()).toEqual([]);
  });

  it('opens the lightbox on a thumbnail; arrows move and loop, Escape closes and gives focus back', async () => {
    fakeApi({ search: () => reply(200, found(5, 7, 9)) });
    await renderPanel();
    await searchFinds(3);
    const thumb = screen.getByRole('button', { name: 'ดูรูปที่ 3 ขนาดใหญ่' });
    thumb.focus();
    fireEvent.click(thumb);
    const dialog = screen.getByRole('dialog', { name: 'รูปที่ 3 จาก 3' });
    expect(within(dialog).getByRole('img', { name: 'รูปที่ 3' })).toHaveAttribute(
      'src',
      photoCopyUrl('/storage/event-1/preview/p9.jpg'),
    );
    expect(within(dialog).getByRole('button', { name: 'ปิด' })).toHaveFocus();

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'รูปที่ 1 จาก 3' })).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'รูปที่ 3 จาก 3' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'รูปถัดไป' }));
    expect(screen.getByRole('dialog', { name: 'รูปที่ 1 จาก 3' })).toBeInTheDocument();

    const zoom = within(dialog).getByRole('button', { name: 'ขยาย' });
    fireEvent.click(zoom);
    expect(within(dialog).getByRole('button', { name: 'ย่อ' })).toHaveAttribute('aria-pressed', 'true');

    // Add from inside the lightbox.
    fireEvent.click(within(dialog).getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' }));
    expect(await within(dialog).findByRole('button', { name: 'ลบออก รูปที่ 1' })).toBeInTheDocument();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumb).toHaveFocus();
  });

  it('keeps Tab inside the lightbox', async () => {
    fakeApi({ search: () => reply(200, found(5, 7)) });
    await renderPanel();
    await searchFinds(2);
    fireEvent.click(screen.getByRole('button', { name: 'ดูรูปที่ 1 ขนาดใหญ่' }));
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    buttons.at(-1)?.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(buttons[0]).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(buttons.at(-1)).toHaveFocus();
  });

  it('"more like this one": draws the faces, searches with the tapped one and merges or replaces the results', async () => {
    const faces = [
      { face_id: 31, box: { x: 0.1, y: 0.1, width: 0.2, height: 0.3 } },
      { face_id: 32, box: { x: 0.6, y: 0.2, width: 0.2, height: 0.3 } },
    ];
    const calls = fakeApi({
      search: () => reply(200, found(5, 7)),
      faces: () => reply(200, { status: 'success', body: faces }),
      similar: () => reply(200, found(7, 11, 12)),
    });
    await renderPanel();
    await searchFinds(2);
    fireEvent.click(screen.getByRole('button', { name: 'ดูรูปที่ 2 ขนาดใหญ่' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ค้นหารูปอื่นด้วยใบหน้าในรูปนี้' }));
    expect(await within(dialog).findByText('แตะกรอบที่ใบหน้าของคุณในรูป')).toBeInTheDocument();
    const second = within(dialog).getByRole('button', { name: 'ค้นหาด้วยใบหน้าที่ 2' });
    expect(second).toHaveStyle({ left: '60%', top: '20%', width: '20%', height: '30%' });
    fireEvent.click(second);
    expect(await within(dialog).findByText(/พบ 3 รูปที่คล้ายกัน/)).toHaveTextContent('(รูปใหม่ 2 รูป)');
    expect(calls.at(-1)).toMatchObject({
      url: '/api/v2/facesearch/similar',
      // The pass of the photo shown, as the store gave it.
      body: { event_key: 'event-1', face_id: 32, pass: expect.stringMatching(/^pass\d{18}$/) },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'เพิ่มในผลการค้นหา' }));
    expect(await screen.findByRole('heading', { name: 'พบ 4 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () =>
      expect((await readList('cart_latest', 'standard')).map((p) => p.id)).toEqual([5, 7, 11, 12]),
    );

    // Again from photo 4, with one face in it: searched at once; this time only the new answer is kept.
    calls.length = 0;
    fakeApi({
      faces: () => reply(200, { status: 'success', body: [faces[0]] }),
      similar: () => reply(200, found(12, 13)),
    });
    fireEvent.click(screen.getByRole('button', { name: 'ดูรูปที่ 4 ขนาดใหญ่' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'ค้นหารูปอื่นด้วยใบหน้าในรูปนี้' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'แสดงเฉพาะรูปเหล่านี้' }));
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
  });

  it('says when a photo has no faces', async () => {
    fakeApi({ search: () => reply(200, found(5)), faces: () => reply(200, { status: 'success', body: [] }) });
    await renderPanel();
    await searchFinds(1);
    fireEvent.click(screen.getByRole('button', { name: 'ดูรูปที่ 1 ขนาดใหญ่' }));
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหารูปอื่นด้วยใบหน้าในรูปนี้' }));
    expect(await screen.findByText('ไม่พบใบหน้าในรูปนี้')).toBeInTheDocument();
  });

  it('buy all on an mhao event: caption, average per photo, the results become the cart with the package', async () => {
    fakeApi({ search: () => reply(200, found(5, 7, 9)) });
    await renderPanel({
      event: testEvent({ is_mhao: 'Y', mhao_price: '400.00', caption_button_buy_all: 'ซื้อเหมาทุกภาพของคุณ' }),
    });
    await searchFinds(3);
    const buyAll = screen.getByRole('button', { name: /ซื้อเหมาทุกภาพของคุณ/ });
    expect(buyAll).toHaveTextContent('3 รูป ฿400.00 · เฉลี่ยรูปละ ฿133.33');
    fireEvent.click(buyAll);
    await waitFor(async () => expect(await cartIds()).toEqual([5, 7, 9]));
    expect(await readFlag('standard')).toBe('YES');
    expect(screen.queryByRole('button', { name: /ซื้อเหมาทุกภาพของคุณ/ })).not.toBeInTheDocument();
  });

  it('on the wholesale page keeps the results for the page buy-all button and draws none itself', async () => {
    fakeApi({ search: () => reply(200, found(5, 7)) });
    await renderPanel({
      event: testEvent({ is_hybrid: 'Y', is_mhao_hybrid: 'Y', hybrid_mhao_price: '590.00' }),
      variant: 'wholesale',
      cartKind: 'wholesale',
    });
    expect(screen.getByRole('heading', { name: 'ค้นหารูปของคุณจากช่างภาพทุกคน' })).toBeInTheDocument();
    changeField(picker(), { target: { files: [jpegFile()] } });
    await waitFor(async () => expect(await readList('cart_latest', 'wholesale')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /ซื้อเหมาทุกภาพ/ })).not.toBeInTheDocument();
  });

  it('free events: Download links to each photo full size instead of Add; download all asks, then zips them', async () => {
    fakeApi({ search: () => reply(200, found(5, 7)) });
    await renderPanel({ event: testEvent({ is_free_download: 'Y' }) });
    await searchFinds(2);
    expect(screen.queryByRole('button', { name: /เพิ่มลงตะกร้า/ })).not.toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'ดาวน์โหลด รูปที่ 1' });
    expect(download).toHaveAttribute('href', '/api/v1/events/event-1/free-photos/5');
    expect(download).toHaveAttribute('target', '_blank');
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes('/free-photos/')) return realFetch(input, init);
      fetched.push(url);
      return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { status: 200 });
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:zip';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลดทั้งหมด (2 รูป)' }));
    const dialog = await screen.findByRole('dialog', { name: 'ดาวน์โหลดภาพทั้งหมด' });
    expect(dialog).toHaveTextContent('ต้องการดาวน์โหลดภาพทั้งหมด 2 ภาพเป็นไฟล์ zip หรือไม่?');
    fireEvent.click(screen.getByRole('button', { name: 'ดาวน์โหลด' }));
    await waitFor(() => expect(saved).toEqual(['event-1.zip']));
    expect(fetched).toEqual(['/api/v1/events/event-1/free-photos/5', '/api/v1/events/event-1/free-photos/7']);
  });

  it('free-keep-contract events: add all puts every result in the cart', async () => {
    fakeApi({ search: () => reply(200, found(5, 7)) });
    await renderPanel({ event: testEvent({ is_free_download_keep_contract: 'Y' }) });
    await searchFinds(2);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'เพิ่มทั้งหมดลงตะกร้า (2 รูป)' }));
    });
    await waitFor(async () => expect(await cartIds()).toEqual([5, 7]));
    expect(await screen.findByRole('button', { name: 'ลบออก รูปที่ 1' })).toBeInTheDocument();
  });

  it('normal events show no extra buttons', async () => {
    fakeApi({ search: () => reply(200, found(5)) });
    await renderPanel();
    await searchFinds(1);
    expect(screen.queryByRole('button', { name: /ทั้งหมด|เหมา/ })).not.toBeInTheDocument();
  });
});
