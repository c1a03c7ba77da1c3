import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDb } from '../../lib/db/app-db';
import { stubMatchMedia } from '../../test/match-media';
import { renderPage } from '../../test/render-page';
import { removeFromCart } from './cart-store';
import { photo } from './test-items';
import { useAddToCart, useCart, useCartCount, useCartIds } from './use-cart';

beforeEach(async () => {
  await Promise.all(appDb.tables.map((table) => table.clear()));
  stubMatchMedia();
});

function Probe() {
  const add = useAddToCart('standard');
  const count = useCartCount('standard');
  const ids = useCartIds('standard');
  const { loaded } = useCart('manual');
  return (
    <div>
      <output aria-label="count">{count}</output>
      <output aria-label="ids">{[...ids].join(',')}</output>
      <output aria-label="manual loaded">{String(loaded)}</output>
      <button type="button" onClick={() => void add(photo(1))}>
        add 1
      </button>
      <button type="button" onClick={() => void add(photo(2))}>
        add 2
      </button>
    </div>
  );
}

describe('cart hooks', () => {
  it('add shows the count in a toast, ignores duplicates, and every reader follows the store', async () => {
    await renderPage(() => (
      <>
        <Toaster />
        <Probe />
      </>
    ));
    await waitFor(() => expect(screen.getByLabelText('manual loaded')).toHaveTextContent('true'));
    fireEvent.click(screen.getByRole('button', { name: 'add 1' }));
    expect(await screen.findByText('เพิ่มลงตะกร้าแล้ว มีรูปในตะกร้า 1 รูป')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'add 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'add 2' }));
    expect(await screen.findByText('เพิ่มลงตะกร้าแล้ว มีรูปในตะกร้า 2 รูป')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('ids')).toHaveTextContent('1,2'));
    expect(screen.getByLabelText('count')).toHaveTextContent('2');
    await act(() => removeFromCart('standard', 1));
    await waitFor(() => expect(screen.getByLabelText('ids')).toHaveTextContent(/^2$/));
  });
});
