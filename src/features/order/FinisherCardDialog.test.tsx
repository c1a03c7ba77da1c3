// "Make my finisher card" on a paid order's photos: offered only when the event's results are in; the bib asked
// for when the store needs it; the card made, shown, shared with the share sheet where it takes files, else saved.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaidImage } from '../../../core/contract/order';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { PaidGallery } from './PaidGallery';

const ORDER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const image: PaidImage = {
  id: 7,
  image: '/storage/private/paid/original/p7.jpg?sig=a',
  image_logo: '/storage/private/paid/logo/p7.jpg?sig=b',
  image_thumbnail: '/storage/event-1/thumbnail/p7.jpg',
  original_file_name: 'IMG_0007.JPG',
  photographer_id: 1,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let asked: Record<string, unknown>[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.endsWith('/v1/orders/card') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      asked.push(body);
      return body.bib === undefined
        ? json(400, { status: 'error', message: 'type your bib', code: 'finisher-bib-needed', field: 'bib' })
        : json(200, {
            status: 'success',
            url: '/v1/orders/card/abc.sig.jpg',
            file_name: 'finisher-event-1-1234-feed.jpg',
            bib: body.bib,
          });
    }
    if (url.endsWith('/v1/orders/card/abc.sig.jpg'))
      return new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
    return json(404, { status: 'error', message: 'no route in the test' });
  });
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:card');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const gallery = (cardsOf?: string) =>
  renderPage(() => <PaidGallery q={ORDER} images={[image]} logo={false} {...(cardsOf ? { cardsOf } : {})} />);

describe('the finisher card on the order page', () => {
  it('is offered only when the event has results', async () => {
    const { unmount } = await gallery();
    expect(screen.queryByRole('button', { name: /ทำการ์ดนักวิ่ง/ })).not.toBeInTheDocument();
    unmount();
    await gallery('event-1');
    expect(screen.getByRole('button', { name: 'ทำการ์ดนักวิ่ง IMG_0007.JPG' })).toBeInTheDocument();
  });

  it('asks for the bib when the store needs it, then shows the card and shares it as a file', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, canShare: () => true, share });
    await gallery('event-1');
    fireEvent.click(screen.getByRole('button', { name: 'ทำการ์ดนักวิ่ง IMG_0007.JPG' }));
    const dialog = await screen.findByRole('dialog', { name: 'การ์ดนักวิ่งของคุณ' });
    const bib = within(dialog).getByLabelText('หมายเลขบิบของคุณ');
    expect(bib).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'ทำการ์ด' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('กรุณากรอกหมายเลขบิบของคุณ');
    changeField(bib, { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByLabelText('สตอรี่ (1080×1920)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ทำการ์ด' }));
    expect(await within(dialog).findByRole('img', { name: 'การ์ดนักวิ่ง บิบ 1234' })).toHaveAttribute(
      'src',
      'blob:card',
    );
    expect(asked).toEqual([
      { order_uuid: ORDER, photo_id: 7, format: 'feed', language: 'th' },
      { order_uuid: ORDER, photo_id: 7, format: 'story', language: 'th', bib: '1234' },
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'แชร์การ์ด' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const [{ files }] = share.mock.calls[0] as unknown as [{ files: File[] }];
    expect(files.map((f) => [f.name, f.type])).toEqual([['finisher-event-1-1234-feed.jpg', 'image/jpeg']]);
    expect(within(dialog).getByRole('link', { name: 'บันทึกการ์ด' })).toHaveAttribute(
      'download',
      'finisher-event-1-1234-feed.jpg',
    );
    expect(within(dialog).getByRole('link', { name: 'แชร์ไปที่ LINE' }).getAttribute('href')).toMatch(
      /^https:\/\/line\.me\/R\/share\?text=.*%2Fevent-1$/,
    );
    // Escape closes it.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers saving instead where the browser cannot share files', async () => {
    vi.stubGlobal('navigator', { ...navigator, canShare: undefined });
    await gallery('event-1');
    fireEvent.click(screen.getByRole('button', { name: 'ทำการ์ดนักวิ่ง IMG_0007.JPG' }));
    const dialog = await screen.findByRole('dialog');
    changeField(within(dialog).getByLabelText('หมายเลขบิบของคุณ'), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ทำการ์ด' }));
    expect(await within(dialog).findByRole('link', { name: 'บันทึกการ์ด' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'แชร์การ์ด' })).not.toBeInTheDocument();
    // The other size, for the same bib, in one tap.
    fireEvent.click(within(dialog).getByRole('button', { name: 'ทำแบบสตอรี่ด้วย' }));
    expect(await within(dialog).findByRole('button', { name: 'ทำแบบโพสต์ด้วย' })).toBeInTheDocument();
    expect(asked.map((a) => [a.format, a.bib])).toEqual([
      ['feed', '1234'],
      ['story', '1234'],
    ]);
  });
});
