// The results in two tiers ("photos of you", then "maybe you", folded on a phone) and the runner's word on each
// photo, from the thumbnail's small menu or the lightbox: "this is me" moves it up and searches with its face (and
// says what that found), "not me" hides every photo of that person (and says so, with undo).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import { changeField } from '../../test/change-field';
import { readList } from '../cart/cart-store';
import {
  fakeApi,
  jpegFile,
  passOf,
  photo,
  picker,
  preparePanelTests,
  renderPanel,
  reply,
} from './panel-test-kit';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));

preparePanelTests(compressSelfie);

/** An answer in tiers; `people` names each photo's likely person (its face is 100 + the photo's id). */
const tiered = (mine: number[], maybe: number[], people: Record<number, number>): FaceSearchAnswer => ({
  status: 'success',
  image_length: mine.length,
  images: mine.map((id) => photo(id)),
  avg_price: '60.00',
  maybe_images: maybe.map((id) => photo(id)),
  matched_faces: [...mine, ...maybe].map((id) => ({
    photo_id: id,
    face_id: 100 + id,
    person_id: people[id] ?? id,
  })),
});

const phone = (narrow: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width: 600px'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));

/** The runner's word on result photo `number`, through the thumbnail's menu. */
function word(number: number, said: 'ใช่ฉัน' | 'ไม่ใช่ฉัน') {
  fireEvent.click(screen.getByRole('button', { name: `ใช่คุณไหม? รูปที่ ${number}` }));
  fireEvent.click(screen.getByRole('button', { name: `${said} รูปที่ ${number}` }));
}

const latest = async () => (await readList('cart_latest', 'standard')).map((p) => p.id);

describe('face search results in two tiers', () => {
  it('shows the photos of you first, "maybe you" below; "not me" hides that person, "this is me" moves up', async () => {
    phone(false);
    const calls = fakeApi({
      search: () => reply(200, tiered([5, 7], [9, 10, 11], { 5: 1, 7: 1, 9: 2, 10: 2, 11: 3 })),
      similar: () => reply(200, tiered([11, 12], [], { 11: 3, 12: 3 })),
    });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    const maybe = screen.getByText('อาจเป็นคุณ (3 รูป)').closest('details') as HTMLDetailsElement;
    expect(maybe.open).toBe(true);
    expect(
      within(maybe)
        .getAllByRole('button', { name: /^ดูรูปที่ \d ขนาดใหญ่$/ })
        .map((b) => b.textContent),
    ).toHaveLength(3);
    // Only the photos of you are the latest results (what buy-all takes) and what is kept.
    await waitFor(async () => expect(await latest()).toEqual([5, 7]));

    // Not me on photo 3 (9): photos 9 and 10, the same likely person, go, and the page says so.
    word(3, 'ไม่ใช่ฉัน');
    expect(await screen.findByText('อาจเป็นคุณ (1 รูป)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ดูรูปที่ 4 ขนาดใหญ่' })).not.toBeInTheDocument();
    expect(screen.getByTestId('feedback-notice')).toHaveTextContent('ซ่อน 2 รูปของคนนี้แล้ว');
    // Undone: both come back.
    fireEvent.click(within(screen.getByTestId('feedback-notice')).getByRole('button', { name: 'เลิกทำ' }));
    expect(await screen.findByText('อาจเป็นคุณ (3 รูป)')).toBeInTheDocument();
    expect(screen.queryByTestId('feedback-notice')).not.toBeInTheDocument();
    word(3, 'ไม่ใช่ฉัน');
    expect(await screen.findByText('อาจเป็นคุณ (1 รูป)')).toBeInTheDocument();

    // This is me on the one left (11): it moves up, and its face finds photo 12 too, which the page says.
    word(3, 'ใช่ฉัน');
    expect(await screen.findByRole('heading', { name: 'พบ 4 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.getByTestId('feedback-notice')).toHaveTextContent(
      'ย้าย 1 รูปขึ้นไปที่รูปของคุณแล้ว พบรูปของคุณเพิ่ม 1 รูปจากใบหน้านี้',
    );
    expect(screen.queryByText(/อาจเป็นคุณ/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/similar')).map((c) => c.body)).toEqual([
      { event_key: 'event-1', face_id: 111, pass: passOf(11) },
    ]);
    await waitFor(async () => expect(await latest()).toEqual([5, 7, 11, 12]));
  });

  it('"not me" on a photo of you drops it and every photo of that person from both tiers, also later ones', async () => {
    phone(false);
    fakeApi({
      search: () => reply(200, tiered([5, 7, 8], [9], { 5: 1, 7: 4, 8: 4, 9: 4 })),
      similar: () => reply(200, tiered([13], [14], { 13: 1, 14: 4 })),
    });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    await screen.findByRole('heading', { name: 'พบ 3 รูปที่ตรงกับใบหน้าของคุณ' });
    word(2, 'ไม่ใช่ฉัน');
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.queryByText(/อาจเป็นคุณ/)).not.toBeInTheDocument();
    await waitFor(async () => expect(await latest()).toEqual([5]));
    // A later search's photo of that person (14) stays hidden.
    word(1, 'ใช่ฉัน');
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.queryByText(/อาจเป็นคุณ/)).not.toBeInTheDocument();
  });

  it('folds "maybe you" on a phone under the photos of you, and opens it when it is all there is', async () => {
    phone(true);
    fakeApi({ search: () => reply(200, tiered([5], [9, 10], {})) });
    const view = await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    const folded = (await screen.findByText('อาจเป็นคุณ (2 รูป)')).closest('details') as HTMLDetailsElement;
    expect(folded.open).toBe(false);
    view.unmount();

    fakeApi({ search: () => reply(200, tiered([], [9, 10], {})) });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    const alone = (await screen.findByText('อาจเป็นคุณ (2 รูป)')).closest('details') as HTMLDetailsElement;
    expect(alone.open).toBe(true);
    expect(screen.queryByRole('heading', { name: /พบ \d+ รูปที่ตรงกับใบหน้าของคุณ/ })).not.toBeInTheDocument();
    expect(screen.queryByText('ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว')).not.toBeInTheDocument();
  });

  it('"not me" that hides every photo says the runner hid them, not that nothing was found, and is undone', async () => {
    phone(true);
    fakeApi({ search: () => reply(200, tiered([5, 7, 8, 9], [], { 5: 1, 7: 1, 8: 1, 9: 1 })) });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    await screen.findByRole('heading', { name: 'พบ 4 รูปที่ตรงกับใบหน้าของคุณ' });
    word(1, 'ไม่ใช่ฉัน');
    expect(await screen.findByText('คุณซ่อนรูปทั้งหมด 4 รูปว่าไม่ใช่คุณ จึงไม่มีรูปเหลือในผลการค้นหา')).toBeInTheDocument();
    expect(screen.queryByText(/ไม่พบรูปภาพ/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^ดูรูปที่ \d ขนาดใหญ่$/ })).not.toBeInTheDocument();
    await waitFor(async () => expect(await latest()).toEqual([]));
    fireEvent.click(within(screen.getByTestId('feedback-notice')).getByRole('button', { name: 'เลิกทำ' }));
    expect(await screen.findByRole('heading', { name: 'พบ 4 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    await waitFor(async () => expect(await latest()).toEqual([5, 7, 8, 9]));
  });

  it('asks "this is me" / "not me" in the lightbox of a match, which closes once answered', async () => {
    phone(false);
    fakeApi({ search: () => reply(200, tiered([5], [9], { 5: 1, 9: 2 })) });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' });
    fireEvent.click(screen.getByRole('button', { name: 'ดูรูปที่ 2 ขนาดใหญ่' }));
    const lightbox = await screen.findByRole('dialog', { name: 'รูปที่ 2 จาก 2' });
    fireEvent.click(within(lightbox).getByRole('button', { name: 'ไม่ใช่ฉัน รูปที่ 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('feedback-notice')).toHaveTextContent('ซ่อน 1 รูปของคนนี้แล้ว');
    expect(screen.queryByText(/อาจเป็นคุณ/)).not.toBeInTheDocument();
  });

  it('the thumbnail is the card: one round cart button, the words in a menu that Escape closes', async () => {
    phone(true);
    fakeApi({ search: () => reply(200, tiered([5, 7], [], { 5: 1, 7: 1 })) });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' });
    const card = screen.getByRole('button', { name: 'ดูรูปที่ 1 ขนาดใหญ่' }).closest('li') as HTMLElement;
    // Two controls besides the photo: the cart's and the menu's; no word buttons until the menu opens.
    expect(within(card).getAllByRole('button')).toHaveLength(3);
    for (const name of ['ดูรูปที่ 1 ขนาดใหญ่', 'ใช่คุณไหม? รูปที่ 1', 'เพิ่มลงตะกร้า รูปที่ 1'])
      expect(within(card).getByRole('button', { name })).toBeInTheDocument();
    const menu = within(card).getByRole('button', { name: 'ใช่คุณไหม? รูปที่ 1' });
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(card).getByRole('button', { name: 'ไม่ใช่ฉัน รูปที่ 1' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(within(card).queryByRole('button', { name: 'ไม่ใช่ฉัน รูปที่ 1' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
    fireEvent.click(within(card).getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' }));
    expect(await within(card).findByRole('button', { name: 'ลบออก รูปที่ 1' })).toBeInTheDocument();
  });
});
