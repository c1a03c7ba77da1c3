// A runner's public finisher page: the card, the name and time, sharing; its removal only with the secret link,
// asked once more, a page already gone taken as removed; a page that is gone says so.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FinisherPage as Page } from '../../../core/contract/finisher-card';
import { renderPage } from '../../test/render-page';
import { FinisherPage } from './FinisherPage';

const CODE = 'Ab3_xY9-kLm0';
const SECRET = 'k'.repeat(43);
const page: Page = {
  status: 'success',
  event_key: 'bangkok-run',
  event_title: 'Bangkok Run 2026',
  event_date: '15 Nov 2026',
  headline: 'Anna Rose · 0:49:52',
  language: 'en',
  card_url: '/storage/finisher-pages/x-card.jpg',
  preview_url: '/storage/finisher-pages/x-preview.jpg',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let removeAnswer: () => Response;
let removals: unknown[];
beforeEach(() => {
  removals = [];
  removeAnswer = () => json(200, { status: 'success' });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.endsWith('/v1/finisher/remove')) {
      removals.push(JSON.parse(String(init?.body)));
      return removeAnswer();
    }
    return json(404, { status: 'error', message: 'no route in the test' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

const show = (hash = '') => {
  history.replaceState(null, '', `/bangkok-run/finisher/${CODE}${hash}`);
  return renderPage(() => <FinisherPage data={{ state: 'found', page }} code={CODE} />);
};

describe('the public finisher page', () => {
  it('shows the card, the name and time and the event, and offers no removal without the secret link', async () => {
    await show();
    expect(screen.getByRole('heading', { level: 1, name: 'Anna Rose · 0:49:52' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'การ์ดนักวิ่ง Anna Rose · 0:49:52' })).toHaveAttribute(
      'src',
      page.card_url,
    );
    expect(screen.getByText('Bangkok Run 2026 · 15 Nov 2026')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'แชร์ไปที่ LINE' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(`/bangkok-run/finisher/${CODE}`)),
    );
    expect(screen.queryByRole('button', { name: 'นำหน้านี้ออก' })).not.toBeInTheDocument();
  });

  it('removes itself with the secret link, after asking once more; the secret leaves the address', async () => {
    await show(`#remove=${SECRET}`);
    fireEvent.click(await screen.findByRole('button', { name: 'นำหน้านี้ออก' }));
    expect(removals).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยัน นำออกถาวร' }));
    expect(await screen.findByRole('heading', { name: 'นำหน้านี้ออกแล้ว' })).toBeInTheDocument();
    expect(removals).toEqual([{ code: CODE, secret: SECRET }]);
    expect(location.hash).toBe('');
  });

  it('takes a page already gone as removed, and says so when removal failed', async () => {
    removeAnswer = () => json(500, { status: 'error', message: 'down' });
    const { unmount } = await show(`#remove=${SECRET}`);
    fireEvent.click(await screen.findByRole('button', { name: 'นำหน้านี้ออก' }));
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยัน นำออกถาวร' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('นำหน้านี้ออกไม่สำเร็จ');
    unmount();
    removeAnswer = () => json(404, { status: 'error', message: 'gone', code: 'finisher-page-not-found' });
    await show(`#remove=${SECRET}`);
    fireEvent.click(await screen.findByRole('button', { name: 'นำหน้านี้ออก' }));
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยัน นำออกถาวร' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'นำหน้านี้ออกแล้ว' })).toBeInTheDocument());
  });

  it('says a page that is gone is not here', async () => {
    await renderPage(() => <FinisherPage data={{ state: 'missing' }} code={CODE} />);
    expect(screen.getByRole('heading', { name: 'ไม่พบหน้านี้' })).toBeInTheDocument();
  });
});
