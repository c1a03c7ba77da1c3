import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventSummary } from '../../test/event-summary';
import { renderPage } from '../../test/render-page';
import { HomePage } from './HomePage';

const event = (i: number, team_key: string | null = null) => eventSummary(i, { team_key });

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
    await renderPage(() => <HomePage page={1} data={{ state: 'saved', events: [event(1)], total: 1 }} />, {
      language: 'en',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline: showing the events saved last time.',
    );
    expect(screen.getByRole('heading', { name: 'Events with photos on sale' })).toBeInTheDocument();
    expect(screen.getByText('16 Nov 2026')).toBeInTheDocument();
  });
});
