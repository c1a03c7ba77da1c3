// The shell's small "offline" mark: shown while the device has no connection, so the buyer knows why a
// search or an order waits, and that what the pages show is what this device kept.
import { Trans } from '@lingui/react/macro';
import { useOnline } from '../../lib/network-status';

export function OfflineIndicator() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-indicator" role="status">
      <span aria-hidden="true" className="offline-dot" />
      <Trans>ออฟไลน์</Trans>
    </span>
  );
}
