// A photo of another event than the cart's is not added silently into a cart that could then not be ordered;
// the buyer is asked at once: start a new cart with it, open the cart, or leave things as they are.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../lib/db/app-db';
import { stubMatchMedia } from '../../test/match-media';
import { renderPage } from '../../test/render-page';
import { PhotoAction } from '../face-search/PhotoAction';
import { photo as resultPhoto } from '../face-search/panel-test-kit';
import { addAllToCart, readList } from './cart-store';
import { OtherEventQuestion } from './OtherEventQuestion';
import { photo } from './test-items';

beforeEach(async () => {
  await Promise.all(appDb.tables.map((table) => table.clear()));
  // The cart's event title is not known here: its key stands in (the cart page's test reads a real title).
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  stubMatchMedia();
});
afterEach(() => vi.unstubAllGlobals());

const addButtonOfEvent2 = () => (
  <>
    <PhotoAction
      event={{ event_key: 'event-2', is_free_download: 'N' }}
      photo={resultPhoto(9, 2)}
      number={1}
      inCart={false}
      cartKind="standard"
    />
    <OtherEventQuestion />
  </>
);

describe('adding a photo of another event', () => {
  it('asks at once, naming the cart’s event, and adds nothing until the buyer says', async () => {
    await addAllToCart('standard', [photo(1), photo(2)]);
    await renderPage(addButtonOfEvent2);
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มลงตะกร้า รูปที่ 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'ตะกร้ามีรูปจากงานอื่นอยู่' });
    expect(dialog).toHaveTextContent('ตะกร้าของคุณมีรูปจากงาน “event-1” อยู่ 2 รูป');
    expect(within(dialog).getByRole('link', { name: 'ไปที่ตะกร้า' })).toHaveAttribute('href', '/cart');
    expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([1, 2]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยกเลิก' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([1, 2]);
  });

  it('starts a new cart with that photo when the buyer chooses to', async () => {
    await addAllToCart('standard', [photo(1)]);
    await renderPage(addButtonOfEvent2, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: /Add to cart/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Your cart holds photos of another event' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start a new cart' }));
    await waitFor(async () => expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([9]));
  });
});
