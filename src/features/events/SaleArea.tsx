// The upload area of the event page by sale state (SPEC §4 Event sale): not open yet → "come back at {start}";
// open but closed → "End of Sale"; otherwise the face search.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { formatDateTime } from '../../../core/format';
import { uploadAreaState } from '../../../core/sale';
import type { Language } from '../../lib/i18n';

export function SaleArea({
  event,
  language,
  children,
}: {
  event: EventDetail;
  language: Language;
  /** The face search, shown only while the sale is open. */
  children: ReactNode;
}) {
  const state = uploadAreaState(event);
  if (state === 'open') return <>{children}</>;
  const start = formatDateTime(event.on_sale_start, language);
  return (
    <p className="sale-state" data-sale-state={state}>
      {state === 'not-open' ? <Trans>กลับมาใหม่ในวันที่ {start}</Trans> : <Trans>ปิดการขายแล้ว</Trans>}
    </p>
  );
}
