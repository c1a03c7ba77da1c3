import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { COPY_ERROR_TOAST_MS, COPY_TOAST_MS } from '../../../core/constants';
import { showToast } from '../ui/toast';
import { copyText } from './clipboard';

/**
 * Copies text and says so: "Copied!" for 1 s, or the manual-copy request for 2 s (SPEC §8), on the given toaster
 * (the shell's when none is named).
 */
export function useCopy(toasterId?: string): (text: string) => Promise<boolean> {
  const { t } = useLingui();
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      if (copied) showToast('success', t`คัดลอกแล้ว!`, { duration: COPY_TOAST_MS, toasterId });
      else
        showToast('error', t`คัดลอกไม่สำเร็จ กรุณาคัดลอกด้วยตนเอง`, {
          duration: COPY_ERROR_TOAST_MS,
          toasterId,
        });
      return copied;
    },
    [t, toasterId],
  );
}
