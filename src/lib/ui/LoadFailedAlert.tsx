import { Trans } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A page's data could not be loaded: the message (SPEC §8's words by default) and a retry that reloads the route. */
export function LoadFailedAlert({ children }: { children?: ReactNode }) {
  const router = useRouter();
  return (
    <div className="alert error" role="alert">
      <p>{children ?? <Trans>เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง</Trans>}</p>
      <button type="button" className="button" onClick={() => void router.invalidate()}>
        <Trans>ลองใหม่</Trans>
      </button>
    </div>
  );
}
