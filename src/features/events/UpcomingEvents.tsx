import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { EventSummary } from '../../../core/contract/events';
import { eventDateLabel, formatDateTime } from '../../../core/format';
import { languageAtom } from '../../lib/state';

/** The upcoming events under the home grid (SPEC §2 Home), with when their sale opens; hidden when empty. */
export function UpcomingEvents({ events }: { events: EventSummary[] }) {
  const language = useAtomValue(languageAtom);
  if (events.length === 0) return null;
  return (
    <section className="upcoming" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">
        <Trans>งานวิ่งที่กำลังจะมาถึง</Trans>
      </h2>
      <ul className="upcoming-list">
        {events.map((event) => {
          const opens = formatDateTime(event.on_sale_start, language);
          return (
            <li key={event.event_id}>
              <Link to="/$eventId" params={{ eventId: event.event_key }}>
                <h3>{event.title}</h3>
                <p className="upcoming-date">
                  <time dateTime={event.eventdate}>{eventDateLabel(event, language)}</time> · {event.province}
                </p>
                <p className="upcoming-sale">
                  <Trans>เปิดขายวันที่ {opens}</Trans>
                </p>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
