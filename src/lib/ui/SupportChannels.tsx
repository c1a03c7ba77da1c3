import { Trans } from '@lingui/react/macro';
import { type SupportChannels as Channels, hasSupportChannels } from '../../../core/contract/settings';

/**
 * A LINE id's own link. LINE documents https://line.me/R/ as its URL scheme and line:// as deprecated (another
 * app can claim it); the https form also opens LINE's page on a desktop. Official ids start with "@"; a personal
 * id takes "~".
 */
export const lineIdUrl = (lineId: string): string =>
  `https://line.me/R/ti/p/${lineId.startsWith('@') ? encodeURIComponent(lineId) : `~${encodeURIComponent(lineId)}`}`;

/** The dialable form of a phone number as people write it ("02-123-4567", "+66 2 123 4567"). */
export const telUrl = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A web address as a reader recognises it: no scheme, no trailing slash. */
const shortAddress = (url: string): string => url.replace(/^https?:\/\//i, '').replace(/\/+$/, '');

/** Leaves the store for another site (the app keeps its own tab). */
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The support channels the server is configured with (SUPPORT_*), as links; nothing when none is set. */
export function SupportChannels({ support }: { support: Channels }) {
  const { lineId, lineUrl, facebookUrl, phone, email } = support;
  if (!hasSupportChannels(support)) return null;
  const lineHref = lineUrl ?? (lineId ? lineIdUrl(lineId) : undefined);
  const lineText = lineId ?? (lineUrl ? shortAddress(lineUrl) : '');
  const facebookText = facebookUrl ? shortAddress(facebookUrl) : '';
  return (
    <ul className="support-channels">
      {lineHref && (
        <li>
          <Trans>
            LINE:{' '}
            <a href={lineHref} {...external}>
              {lineText}
            </a>
          </Trans>
        </li>
      )}
      {facebookUrl && (
        <li>
          <Trans>
            เพจ Facebook:{' '}
            <a href={facebookUrl} {...external}>
              {facebookText}
            </a>
          </Trans>
        </li>
      )}
      {phone && (
        <li>
          <Trans>
            โทรศัพท์: <a href={telUrl(phone)}>{phone}</a>
          </Trans>
        </li>
      )}
      {email && (
        <li>
          <Trans>
            อีเมล: <a href={`mailto:${email}`}>{email}</a>
          </Trans>
        </li>
      )}
    </ul>
  );
}
