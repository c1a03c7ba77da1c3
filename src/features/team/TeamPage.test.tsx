import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventSummary } from '../../test/event-summary';
import { renderPage } from '../../test/render-page';
import { TeamPage } from './TeamPage';

const event = eventSummary(1, {
  event_key: 'bangkok-city-marathon-2026',
  title: 'บางกอก ซิตี้ มาราธอน 2026',
  coverurl: '/storage/bangkok-city-marathon-2026/cover.jpg',
  province: 'กรุงเทพมหานคร',
  pin: 1,
  team_key: 'bangkok-runners-club',
});

describe('TeamPage', () => {
  it('says an unknown team is not found, in Thai', async () => {
    await renderPage(() => <TeamPage data={{ state: 'missing' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'ไม่พบทีม' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('ไม่พบทีม | RunFoto');
  });

  it('says "Team not found!" in English', async () => {
    await renderPage(() => <TeamPage data={{ state: 'missing' }} />, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'Team not found!' })).toBeInTheDocument();
    expect(document.title).toBe('Team not found! | RunFoto');
  });

  it('shows the team with its social link in a new tab and its events as cards', async () => {
    await renderPage(() => (
      <TeamPage
        data={{
          state: 'found',
          team: {
            team_name: 'ชมรมวิ่งบางกอก',
            team_description: 'ชมรมนักวิ่งในกรุงเทพฯ',
            team_facebook_url: 'https://www.facebook.com/',
            cover_url: '/storage/teams/bangkok-runners-club.jpg',
          },
          events: [event],
        }}
      />
    ));
    expect(screen.getByRole('heading', { level: 1, name: 'ชมรมวิ่งบางกอก' })).toBeInTheDocument();
    expect(screen.getByText('ชมรมนักวิ่งในกรุงเทพฯ')).toBeInTheDocument();
    const social = screen.getByRole('link', { name: 'เพจ Facebook ของทีม' });
    expect(social).toHaveAttribute('target', '_blank');
    expect(social.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('heading', { name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeInTheDocument();
    expect(document.title).toBe('ชมรมวิ่งบางกอก | RunFoto');
  });
});
