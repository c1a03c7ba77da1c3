import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventSummary } from '../../../core/contract/events';
import { renderPage } from '../../test/render-page';
import { HomePage } from './HomePage';

const event = (i: number, team_key: string | null = null): EventSummary => ({
  event_id: i,
  event_key: `event-${i}`,
  title: `งานวิ่ง ${i}`,
  coverurl: `/storage/event-${i}/cover.jpg`,
  event_date_text: '16 พฤศจิกายน 2569',
  eventdate: '2026-11-16',
  province: 'เชียงใหม่',
  pin: 0,
  team_key,
  on_sale_start: '2026-11-16T00:00:00.000Z',
  on_sale_end: '2026-12-16T00:00:00.000Z',
  on_sale_start_txt: '16/11/2026 07:00',
  day_diff: 30,
  can_sale: 'Y',
  close_sale: 'N',
  is_hybrid: 'N',
  is_event_stage: 'N',
  is_mhao: 'N',
  is_mhao_hybrid: 'N',
  is_free_download: 'N',
  is_free_download_keep_contract: 'N',
});

describe('HomePage', () => {
  it('shows a card per event with cover, date and province, and no pager for one page', async () => {
    await renderPage(() => (
      <HomePage page={1} data={{ state: 'live', events: [event(1), event(2, 'team-a')], total: 2 }} />
    ));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'งานวิ่ง 1' })).toBeInTheDocument();
    expect(screen.getAllByText('เชียงใหม่')).toHaveLength(2);
    const img = document.querySelector('img');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '630');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    // Team events open in a new tab; others in place.
    const [plain, team] = screen.getAllByRole('link');
    expect(plain).not.toHaveAttribute('target');
    expect(team).toHaveAttribute('target', '_blank');
    expect(team).toHaveAttribute('href', '/event-2');
  });

  it('shows the pager only past one page of 36', async () => {
    const events = Array.from({ length: 36 }, (_, i) => event(i + 1));
    await renderPage(() => <HomePage page={2} data={{ state: 'live', events, total: 37 }} />);
    const pager = screen.getByRole('navigation', { name: 'เลือกหน้า' });
    expect(pager).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'หน้า 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('alerts when the events could not be loaded', async () => {
    await renderPage(() => <HomePage page={1} data={{ state: 'failed' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง');
  });

  it('says when it shows the saved list offline, in English too', async () => {
    await renderPage(
      () => <HomePage page={1} data={{ state: 'saved', events: [event(1)], total: 1, savedAt: 0 }} />,
      {
        language: 'en',
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline: showing the events saved last time.',
    );
    expect(screen.getByRole('heading', { name: 'Events with photos on sale' })).toBeInTheDocument();
    expect(screen.getByText('16 Nov 2026')).toBeInTheDocument();
  });
});
