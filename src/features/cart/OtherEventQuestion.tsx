// The other-event question (OtherEventDialog), loaded only once it is asked: the event page's first screen does
// not carry the cart database.
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { otherEventPromptAtom } from './other-event-prompt';

const OtherEventDialog = lazy(() =>
  import('./OtherEventDialog').then((module) => ({ default: module.OtherEventDialog })),
);

export function OtherEventQuestion() {
  const asked = useAtomValue(otherEventPromptAtom) !== undefined;
  return asked ? (
    <Suspense fallback={null}>
      <OtherEventDialog />
    </Suspense>
  ) : null;
}
