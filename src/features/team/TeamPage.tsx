import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { EventSummary, Team } from '../../../core/contract/events';
import { usePageTitle } from '../../lib/page-title';
import { sizedImage } from '../../lib/sized-image';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import { EventCard } from '../events/EventCard';
import type { TeamLoad } from './team-loader';

/** How many cards load their cover at once: the first screen on a phone. */
const EAGER_COVERS = 2;

/** The team page (SPEC §2 Team page): cover, name, description, social link and the team's events. */
export function TeamPage({ data }: { data: TeamLoad }) {
  const { t } = useLingui();
  usePageTitle(data.state === 'found' ? data.team.team_name : data.state === 'missing' ? t`ไม่พบทีม` : t`ทีม`);

  if (data.state === 'missing') {
    return (
      <div className="not-found">
        <h1>
          <Trans>ไม่พบทีม</Trans>
        </h1>
        <Link to="/" className="button primary">
          <Trans>กลับหน้าแรก</Trans>
        </Link>
      </div>
    );
  }
  if (data.state === 'failed') {
    return <LoadFailedAlert />;
  }
  return <TeamDetails team={data.team} events={data.events} />;
}

function TeamDetails({ team, events }: { team: Team; events: EventSummary[] }) {
  return (
    <article className="team-page">
      <img className="team-cover" {...sizedImage(team.cover_url, 'wide')} alt="" width={1200} height={630} />
      <header className="team-heading">
        <h1>{team.team_name}</h1>
        {team.team_description && <p className="team-description">{team.team_description}</p>}
        {team.team_facebook_url && (
          <a className="button" href={team.team_facebook_url} target="_blank" rel="noopener noreferrer">
            <Trans>เพจ Facebook ของทีม</Trans>
          </a>
        )}
      </header>
      <section className="events" aria-labelledby="team-events-heading">
        <h2 id="team-events-heading">
          <Trans>งานวิ่งของทีม</Trans>
        </h2>
        {events.length === 0 ? (
          <p className="empty">
            <Trans>ทีมนี้ยังไม่มีงานวิ่ง</Trans>
          </p>
        ) : (
          <ul className="event-grid">
            {events.map((event, i) => (
              <EventCard key={event.event_id} event={event} eager={i < EAGER_COVERS} priority={i === 0} />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

export function TeamLoading() {
  return (
    <p className="loading" role="status">
      <Trans>กำลังโหลดข้อมูลทีม…</Trans>
    </p>
  );
}
