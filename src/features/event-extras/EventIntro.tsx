import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { eventDateLabel } from '../../../core/format';
import { sizedImage } from '../../lib/sized-image';
import { languageAtom } from '../../lib/state';

/** The event's cover, title, date and province at the top of its race detail and video pages. */
export function EventIntro({ event, kicker }: { event: EventDetail; kicker: ReactNode }) {
  const language = useAtomValue(languageAtom);
  return (
    <>
      <img className="event-cover" {...sizedImage(event.coverurl, 'wide')} alt="" width={1200} height={630} />
      <header className="extras-heading">
        <p className="extras-kicker">{kicker}</p>
        <h1>{event.title}</h1>
        <p className="extras-when">
          <time dateTime={event.eventdate}>{eventDateLabel(event, language)}</time> · {event.province}
        </p>
      </header>
    </>
  );
}
