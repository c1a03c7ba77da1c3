import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { EventSummary } from '../../../core/contract/events';
import { eventDateLabel } from '../../../core/format';
import { sizedImage } from '../../lib/sized-image';
import { languageAtom } from '../../lib/state';

/**
 * A card of the events grid: cover, title, date and province. Team events open in a new tab (SPEC §2 Home). The
 * first card's cover is the largest thing of the first screen on a phone: it is asked for first (`priority`).
 */
export function EventCard({
  event,
  eager,
  priority = false,
}: {
  event: EventSummary;
  eager: boolean;
  priority?: boolean;
}) {
  const language = useAtomValue(languageAtom);
  const newTab = event.team_key !== null;
  return (
    <li className="event-card">
      <Link
        to="/$eventId"
        params={{ eventId: event.event_key }}
        {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      >
        <img
          {...sizedImage(event.coverurl, 'card')}
          alt=""
          width={1200}
          height={630}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
        <div className="event-card-body">
          <h3>{event.title}</h3>
          <p className="event-card-date">
            <time dateTime={event.eventdate}>{eventDateLabel(event, language)}</time>
          </p>
          <p className="event-card-province">{event.province}</p>
        </div>
      </Link>
    </li>
  );
}
