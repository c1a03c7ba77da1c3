// The selfie search in the panel, in Thai: the whole flow against a fake API and a fake XHR (compression is the
// library's in a browser; here it is replaced, jsdom has no canvas), progress, each message of SPEC §8, the 5 s
// size warning, and the mhao "the cart will be deleted" confirmation.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { photoCopyUrl } from '../../../core/contract/photos';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { keepSharedPhoto, takeSharedPhoto } from '../../../sw/share-target';
import { changeField } from '../../test/change-field';
import { addToCart, readList } from '../cart/cart-store';
import { toCartItem } from '../cart/cart-types';
import { consentKey } from '../events/consent';
import { storedFaceConsent } from '../privacy/face-consent';
import { FakeXhr } from './fake-xhr';
import {
  fakeApi,
  found,
  jpegBytes,
  jpegFile,
  passOf,
  photo,
  picker,
  preparePanelTests,
  renderPanel,
  reply,
  SEARCH_ID,
  testEvent,
} from './panel-test-kit';
import { restoreResults, saveResults } from './saved-results';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));

preparePanelTests(compressSelfie);

const choose = (file: File) => changeField(picker(), { target: { files: [file] } });
const toCartItemOf = (id: number) => toCartItem(photo(id), 'event-1');

describe('FaceSearchPanel search', () => {
  it('compresses, signs, uploads and searches, then shows the matches and keeps them as the latest results', async () => {
    const calls = fakeApi({ search: () => reply(200, found(5, 7)) });
    await renderPanel({ event: testEvent({ face_threshold: 0.45, max_face_search: 50 }) });
    expect(screen.getByRole('heading', { name: 'ค้นหารูปของคุณด้วยใบหน้า' })).toBeInTheDocument();
    expect(picker()).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.getByLabelText('ถ่ายเซลฟี่')).toHaveAttribute('capture', 'user');

    choose(jpegFile('IMG 0001.JPG'));
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(compressSelfie).toHaveBeenCalledTimes(1);
    // Then the nearby frames of the photos found.
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'POST /api/v2/facesearch/sign',
        'POST /api/v2/facesearch',
        'POST /api/v2/facesearch/nearby',
      ]),
    );
    expect(calls[2]?.body).toEqual({
      event_key: 'event-1',
      photo_ids: [5, 7],
      passes: [passOf(5), passOf(7)],
    });
    expect(calls[0]?.body).toEqual({
      event_key: 'event-1',
      file_name: 'IMG-0001.jpg',
      file_type: 'image/jpg',
      consent: { version: PRIVACY_NOTICE_VERSION, device: storedFaceConsent()?.device },
    });
    expect(calls[1]?.body).toEqual({
      search_id: SEARCH_ID,
      file_location: `private/selfies/event-1/${SEARCH_ID}.jpg`,
      event_id: 1,
      event_key: 'event-1',
      face_threshold: 0.45,
      mhao_price: '0.00',
      max_face_search: 50,
    });
    const put = FakeXhr.last;
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe(`/storage/private/selfies/event-1/${SEARCH_ID}.jpg?expires=1&sig=abc`);
    expect(put?.headers['content-type']).toBe('image/jpg');

    const images = screen.getAllByRole('img', { name: /^ดูรูปที่ \d ขนาดใหญ่$/ });
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      photoCopyUrl('/storage/event-1/thumbnail/t5.jpg'),
      photoCopyUrl('/storage/event-1/thumbnail/t7.jpg'),
    ]);
    expect(images[0]).toHaveAttribute('loading', 'lazy');
    expect(images[0]).toHaveAttribute('width');
    expect(images[0]).toHaveAttribute('height');
    await waitFor(async () =>
      expect((await readList('cart_latest', 'standard')).map((p) => p.id)).toEqual([5, 7]),
    );
    expect(picker()).toBeEnabled();
  });

  it('shows the upload percent and a progress bar, disables the input while busy', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let answer: (r: Response) => void = () => undefined;
    fakeApi({ search: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderPanel();
    choose(jpegFile());
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    expect(await screen.findByText('กำลังอัปโหลด 0%')).toBeInTheDocument();
    expect(picker()).toBeDisabled();
    act(() => FakeXhr.last?.progress(400, 1000));
    expect(screen.getByText('กำลังอัปโหลด 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'ความคืบหน้าการอัปโหลด' })).toHaveAttribute('value', '40');
    act(() => FakeXhr.last?.respond(200));
    expect(await screen.findByText('กำลังค้นหารูปของคุณ…')).toBeInTheDocument();
    expect(picker()).toBeDisabled();
    answer(reply(200, found(1)));
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(picker()).toBeEnabled();
  });

  it('says nothing was found, with the spec hint (the admin contact only where the store has a channel)', async () => {
    fakeApi({ search: () => reply(200, found()) });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByText('ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว')).toBeInTheDocument();
    // The test settings have no support channel: no dead-end link (src/lib/ui/ContactLink.test.tsx has both).
    expect(screen.queryByRole('link', { name: /ติดต่อแอดมิน/ })).toBeNull();
  });

  it('a selfie with no face says so, not "no match"', async () => {
    fakeApi({ search: () => reply(200, { ...found(), selfie_faces: 0 }) });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByText(/^ไม่พบใบหน้าในรูปนี้/)).toBeInTheDocument();
    expect(screen.queryByText('ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว')).toBeNull();
  });

  it('a selfie with several faces says the largest was searched', async () => {
    fakeApi({ search: () => reply(200, { ...found(4, 5), selfie_faces: 3 }) });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.getByText(/^รูปนี้มี 3 ใบหน้า ระบบค้นหาด้วยใบหน้าที่ใหญ่ที่สุดในรูป/)).toBeInTheDocument();
  });

  it('shows the search error when the server answers not success, and the upload error when the PUT fails', async () => {
    fakeApi({ search: () => reply(400, { status: 'error', message: 'sale closed', code: 'sale-closed' }) });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByText('เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('เกิดข้อผิดพลาดจากการค้นหา');
    expect(picker()).toBeEnabled();
    expect(picker().value).toBe('');

    class FailingXhr extends FakeXhr {
      override send(body: unknown) {
        super.send(body);
        queueMicrotask(() => this.fail());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FailingXhr);
    choose(jpegFile());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('เกิดข้อผิดพลาดในการอัปโหลดหรือค้นหา กรุณาลองใหม่อีกครั้ง'),
    );
    expect(picker()).toBeEnabled();
  });

  it('while the server is busy, says when it searches again, counts down, and asks again with the same upload', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const answers = [
      reply(503, { status: 'error', message: 'busy', code: 'search-busy', retry_after: 4 }),
      reply(200, found(3)),
    ];
    const api = fakeApi({ search: () => answers.shift() ?? reply(500, {}) });
    await renderPanel();
    choose(jpegFile());
    const busy = 'ขณะนี้มีผู้ค้นหาพร้อมกันจำนวนมาก จะค้นหาให้อีกครั้งใน';
    // The clock runs on while the page renders (a busy machine may show 3 first): the count starts at 4 or below.
    const secondsShown = async () => {
      const text = (await screen.findByText(new RegExp(`${busy} \\d วินาที รูปของคุณอัปโหลดแล้ว ไม่ต้องเลือกใหม่`)))
        .textContent;
      return Number(/(\d) วินาที/.exec(text ?? '')?.[1]);
    };
    const first = await secondsShown();
    expect(first).toBeLessThanOrEqual(4);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(picker()).toBeDisabled();
    // The countdown's timer starts in an effect after the text is shown: let it start, then move the clock.
    await act(async () => undefined);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(await secondsShown()).toBeLessThan(first);
    act(() => {
      vi.advanceTimersByTime(3100);
    });
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    // One sign and one upload; the search asked twice with the same upload.
    const searches = api.filter((c) => c.url.endsWith('/v2/facesearch'));
    expect(searches).toHaveLength(2);
    expect(searches[1]?.body).toEqual(searches[0]?.body);
    expect(api.filter((c) => c.url.endsWith('/sign'))).toHaveLength(1);
  });

  it('waits out a search refused as too many (429) for the seconds its Retry-After says, then asks again', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const tooMany = new Response(JSON.stringify({ status: 'error', message: 'too many requests' }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '2' },
    });
    const answers = [tooMany, reply(200, found(3))];
    const api = fakeApi({ search: () => answers.shift() ?? reply(500, {}) });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByText(/ขณะนี้มีผู้ค้นหาพร้อมกันจำนวนมาก จะค้นหาให้อีกครั้งใน [12] วินาที/)).toBeInTheDocument();
    expect(screen.queryByText(/เกิดข้อผิดพลาด/)).not.toBeInTheDocument();
    await act(async () => undefined);
    act(() => {
      vi.advanceTimersByTime(2100);
    });
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(api.filter((c) => c.url.endsWith('/v2/facesearch'))).toHaveLength(2);
    expect(api.filter((c) => c.url.endsWith('/sign'))).toHaveLength(1);
  });

  it('shows the event’s results kept from an earlier visit, without a new selfie, until a new search replaces them', async () => {
    await saveResults('standard', 'event-1', [photo(5), photo(7)], [photo(8)]);
    await saveResults('standard', 'other-event', [photo(40, 2)]);
    const calls = fakeApi({
      search: () => reply(200, found(9)),
      nearby: () => reply(503, { status: 'error', message: 'offline' }),
    });
    await renderPanel();
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    // Its nearby frames too, kept while they cannot be asked again.
    expect(await screen.findByRole('heading', { name: /คุณอาจอยู่ในภาพเหล่านี้ด้วย: 1 รูป/ })).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/sign'))).toBe(false);
    // They are the latest results again (buy-all takes them), not the other event's.
    await waitFor(async () =>
      expect((await readList('cart_latest', 'standard')).map((p) => p.id)).toEqual([5, 7]),
    );

    choose(jpegFile());
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    await waitFor(async () =>
      expect((await restoreResults('standard', 'event-1'))?.photos.map((p) => p.id)).toEqual([9]),
    );
  });

  it('widens the results with a second selfie: the union, each photo once, and says how many it added', async () => {
    const answers = [reply(200, found(5, 7)), reply(200, found(7, 11))];
    const calls = fakeApi({
      search: () => answers.shift() ?? reply(500, {}),
      nearby: () => reply(200, { status: 'success', body: [] }),
    });
    await renderPanel({ event: testEvent({ is_mhao: 'Y' }) });
    choose(jpegFile());
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    await addToCart('standard', toCartItemOf(5));

    changeField(screen.getByLabelText('เพิ่มรูปของฉันอีกรูป'), { target: { files: [jpegFile('cap.jpg')] } });
    expect(await screen.findByRole('heading', { name: 'พบ 3 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.getByText('เพิ่มอีก 1 รูปจากรูปนี้')).toBeInTheDocument();
    const images = screen.getAllByRole('img', { name: /^ดูรูปที่ \d ขนาดใหญ่$/ });
    expect(images).toHaveLength(3);
    // No new-search question on an mhao event: the cart stays.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([5]);
    await waitFor(async () =>
      expect((await readList('cart_latest', 'standard')).map((p) => p.id)).toEqual([5, 7, 11]),
    );
    expect((await restoreResults('standard', 'event-1'))?.photos.map((p) => p.id)).toEqual([5, 7, 11]);
    // Two selfies signed and searched; the nearby frames asked again for the union.
    expect(calls.filter((c) => c.url.endsWith('/sign'))).toHaveLength(2);
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/nearby')).at(-1)?.body).toEqual({
        event_key: 'event-1',
        photo_ids: [5, 7, 11],
        passes: [passOf(5), passOf(7), passOf(11)],
      }),
    );
  });

  it('keeps the results when the second selfie finds nothing new or fails', async () => {
    const answers = [
      reply(200, found(5)),
      reply(200, found()),
      reply(500, { status: 'error', message: 'x' }),
    ];
    fakeApi({ search: () => answers.shift() ?? reply(500, {}) });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    const widen = () => screen.getByLabelText('เพิ่มรูปของฉันอีกรูป');
    changeField(widen(), { target: { files: [jpegFile('b.jpg')] } });
    expect(await screen.findByText('รูปนี้ไม่พบรูปเพิ่มจากที่แสดงอยู่')).toBeInTheDocument();
    changeField(widen(), { target: { files: [jpegFile('c.jpg')] } });
    expect(await screen.findByText('เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(widen()).toBeEnabled();
  });

  it('offers the same photographers’ frames around the matches in their own row, to add to the cart', async () => {
    fakeApi({
      search: () => reply(200, found(5)),
      nearby: () => reply(200, { status: 'success', body: [photo(6), photo(4)] }),
    });
    // Its own event: what an earlier test's panel still writes for event-1 after it was unmounted cannot land here.
    await renderPanel({ event: testEvent({ event_id: 3, event_key: 'event-3' }) });
    choose(jpegFile());
    expect(
      await screen.findByRole('heading', {
        name: 'คุณอาจอยู่ในภาพเหล่านี้ด้วย: 2 รูปที่ช่างภาพคนเดียวกันถ่ายไว้ก่อนและหลังไม่กี่วินาที',
      }),
    ).toBeInTheDocument();
    // Numbered after the matches; the buy-all buttons take only the matches.
    expect(screen.getByRole('img', { name: 'ดูรูปที่ 3 ขนาดใหญ่' })).toHaveAttribute(
      'src',
      photoCopyUrl('/storage/event-3/thumbnail/t4.jpg'),
    );
    await waitFor(async () =>
      expect((await restoreResults('standard', 'event-3'))?.nearby.map((p) => p.id)).toEqual([6, 4]),
    );
  });

  it('uploads the selfie once more when the server deleted it during long busy waits', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const answers = [
      reply(503, { status: 'error', message: 'busy', code: 'search-busy', retry_after: 2 }),
      reply(410, { status: 'error', message: 'expired', code: 'search-expired' }),
      reply(200, found(5)),
    ];
    const api = fakeApi({ search: () => answers.shift() ?? reply(500, {}) });
    await renderPanel();
    choose(jpegFile());
    await screen.findByText(/ขณะนี้มีผู้ค้นหาพร้อมกันจำนวนมาก/);
    act(() => {
      vi.advanceTimersByTime(2100);
    });
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    // Signed and uploaded twice, the second search with the new upload; no second choice of photo.
    expect(api.filter((c) => c.url.endsWith('/sign'))).toHaveLength(2);
    expect(FakeXhr.all.filter((x) => x.body !== undefined)).toHaveLength(2);
    expect(api.filter((c) => c.url.endsWith('/v2/facesearch'))).toHaveLength(3);
  });

  it('fails with the search error when the selfie expires again after its second upload', async () => {
    const api = fakeApi({
      search: () => reply(410, { status: 'error', message: 'expired', code: 'search-expired' }),
    });
    await renderPanel();
    choose(jpegFile());
    expect(await screen.findByText('เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(api.filter((c) => c.url.endsWith('/sign'))).toHaveLength(2);
  });

  it('gives up with the search error after six busy answers in a row', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const api = fakeApi({
      search: () => reply(503, { status: 'error', message: 'busy', code: 'search-busy', retry_after: 1 }),
    });
    await renderPanel();
    choose(jpegFile());
    for (let i = 0; i < 6; i++) {
      await screen.findByText(/ขณะนี้มีผู้ค้นหาพร้อมกันจำนวนมาก/);
      act(() => {
        vi.advanceTimersByTime(1100);
      });
    }
    expect(await screen.findByText('เกิดข้อผิดพลาดจากการค้นหา กรุณาลองใหม่อีกครั้ง')).toBeInTheDocument();
    expect(api.filter((c) => c.url.endsWith('/v2/facesearch'))).toHaveLength(7);
    expect(picker()).toBeEnabled();
  });

  it('shows the upload error when the connection is lost', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderPanel();
    choose(jpegFile());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('เกิดข้อผิดพลาดในการอัปโหลดหรือค้นหา กรุณาลองใหม่อีกครั้ง'),
    );
  });

  it('offline, says the search needs the internet', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await renderPanel();
      choose(jpegFile());
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'คุณออฟไลน์อยู่ การค้นหาด้วยใบหน้าต้องใช้อินเทอร์เน็ต กรุณาเชื่อมต่อแล้วเลือกรูปอีกครั้ง',
        ),
      );
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('searches with a photo shared to the app once the event’s terms are accepted, and only once', async () => {
    const calls = fakeApi({ search: () => reply(200, found(5)) });
    await keepSharedPhoto({
      bytes: jpegBytes().buffer,
      name: 'shared.jpg',
      type: 'image/jpeg',
      at: Date.now(),
    });
    localStorage.removeItem(consentKey('event-1'));
    await renderPanel();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]); // the terms are not accepted yet
    localStorage.setItem(consentKey('event-1'), 'Y');
    expect(
      await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ event_key: 'event-1', file_name: 'shared.jpg' });
    expect(await takeSharedPhoto()).toBeUndefined();
    localStorage.removeItem(consentKey('event-1'));
  });

  it('refuses a text file renamed .jpg and a gif with the spec message, sending nothing', async () => {
    const calls = fakeApi({});
    await renderPanel();
    choose(new File(['just some notes'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น')).toBeInTheDocument();
    choose(new File([new TextEncoder().encode('GIF89a....')], 'party.gif', { type: 'image/gif' }));
    expect(await screen.findByText('กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(compressSelfie).not.toHaveBeenCalled();
  });

  it('shows the type message when a file named like a photo does not decode', async () => {
    compressSelfie.mockRejectedValue(new Error('The source image could not be decoded.'));
    const calls = fakeApi({});
    await renderPanel();
    choose(jpegFile('broken.jpg'));
    expect(await screen.findByText('กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('says of a file of 5 MB or more, for 5 s, that it is made smaller, and searches it', async () => {
    // Only setTimeout is faked (IndexedDB's stand-in needs the others).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fakeApi({ search: () => reply(200, found(3)) });
    await renderPanel();
    choose(jpegFile('big.jpg', 5 * 1024 * 1024));
    expect(await screen.findByText('รูปนี้ใหญ่กว่า 5MB ระบบย่อขนาดให้อัตโนมัติแล้ว ไม่ต้องทำอะไรเพิ่ม')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(compressSelfie).toHaveBeenCalledTimes(1);
    await waitFor(async () => expect(await readList('cart_latest', 'standard')).toHaveLength(1));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByText(/รูปนี้ใหญ่กว่า 5MB/)).toBeInTheDocument();
    // Never the contradicting "please upload a smaller file" while the search goes on.
    expect(screen.queryByText(/กรุณาอัปโหลดไฟล์/)).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(screen.queryByText(/รูปนี้ใหญ่กว่า 5MB/)).not.toBeInTheDocument();
  });

  it('on an mhao event with photos in the cart, asks first; cancel keeps the cart, confirm clears it and searches', async () => {
    const calls = fakeApi({ search: () => reply(200, found(8)) });
    await addToCart('standard', {
      id: 2,
      event_id: 1,
      event_key: 'event-1',
      thumbnail_file_name: 't2.jpg',
      original_file_name: 'o2.jpg',
      preview_file_name: 'p2.jpg',
    });
    await renderPanel({ event: testEvent({ is_mhao: 'Y', mhao_price: '399.00' }) });

    choose(jpegFile());
    const dialog = await screen.findByRole('alertdialog', { name: 'เริ่มค้นหาใหม่?' });
    expect(dialog).toHaveTextContent('การค้นหาใหม่จะลบรูปทั้งหมดในตะกร้า ต้องการค้นหาใหม่ใช่หรือไม่');
    // Focus moves to the safe choice in an effect after the dialog renders.
    await waitFor(() => expect(screen.getByRole('button', { name: 'ยกเลิก' })).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([2]);

    choose(jpegFile());
    fireEvent.click(await screen.findByRole('button', { name: 'ลบตะกร้าและค้นหาใหม่' }));
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(await readList('cart', 'standard')).toEqual([]);
  });

  it('does not ask on an mhao event with an empty cart, nor on other events', async () => {
    fakeApi({ search: () => reply(200, found(8)) });
    await renderPanel({ event: testEvent({ is_mhao: 'Y', mhao_price: '399.00' }) });
    choose(jpegFile());
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
