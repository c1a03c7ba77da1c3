// The store's "contact us" links (SPEC's social page: the About page's contact section). They lead somewhere only
// when the server has a support channel set (SUPPORT_*; the demo store has demo ones): without one, an offer to
// contact the team is not made at all, and a link inside running text is left as text.
import type { ReactNode } from 'react';
import { hasSupportChannels } from '../../../core/contract/settings';
import { appSettings } from '../app-settings';
import { CONTACT_PAGE_URL } from '../links';

/** Whether this store's buyers can be sent to its contact section (read once: the settings do not change). */
export const canContactSupport = (): boolean => hasSupportChannels(appSettings.support);

/** A link to the contact section, or its words alone when the store has no channel to list there. */
export function ContactLink({ children, className }: { children: ReactNode; className?: string }) {
  if (!canContactSupport()) return <>{children}</>;
  return (
    <a href={CONTACT_PAGE_URL} className={className}>
      {children}
    </a>
  );
}
