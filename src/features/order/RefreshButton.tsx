import { Trans } from '@lingui/react/macro';

/** Asks the inquiry again (the buyer presses it after paying; SPEC §4 Order). */
export function RefreshButton({ refreshing, onRefresh }: { refreshing: boolean; onRefresh: () => void }) {
  return (
    <button type="button" className="button refresh" onClick={onRefresh} disabled={refreshing}>
      {refreshing ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <Trans>กำลังตรวจสอบ…</Trans>
        </>
      ) : (
        <Trans>รีเฟรช</Trans>
      )}
    </button>
  );
}
