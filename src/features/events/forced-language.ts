// SPEC §2: the event 6thinternationalherostaekwondochampionship is always shown in English. The visitor's saved
// choice is left alone: the page switches the interface for as long as it is open and switches back on leaving.
import { FORCED_ENGLISH_EVENT_KEY } from '../../../core/constants';
import { type Language, storedLanguage } from '../../lib/i18n';

/** The language an event's pages are forced to, or undefined when they follow the visitor's choice. */
export const forcedLanguageOf = (eventKey: string): Language | undefined =>
  eventKey === FORCED_ENGLISH_EVENT_KEY ? 'en' : undefined;

/** The language after leaving a forced page: the visitor's saved choice (which the forced page never wrote). */
export const languageAfterLeaving = (storage?: Pick<Storage, 'getItem'>): Language => storedLanguage(storage);

/**
 * Language switches run one after another, so a quick leave-and-return (or React's double effects in
 * development) always ends in the last language asked for.
 */
export function languageSwitcher(activate: (language: Language) => Promise<void>) {
  let queue: Promise<void> = Promise.resolve();
  return (language: Language, then: () => void = () => undefined): Promise<void> => {
    const run = async () => {
      await activate(language);
      then();
    };
    queue = queue.then(run, run);
    return queue;
  };
}
