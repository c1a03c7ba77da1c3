import { Trans } from '@lingui/react/macro';

/** SPEC §2 Event page: a loading text shows until the event loads. */
export function EventLoading() {
  return (
    <p className="loading" role="status">
      <Trans>กำลังโหลดข้อมูลงาน…</Trans>
    </p>
  );
}
