import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { COPY_ERROR_TOAST_MS, COPY_TOAST_MS } from '../../../core/constants';
import { copyText } from './clipboard';

/** The order page's own toaster (the shell may have another; toasts go only to this one). */
export const ORDER_TOASTER = 'order-page';

/** Copies text and says so: "Copied!" for 1 s, or the manual-copy request for 2 s (SPEC §8). */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useLingui();
  return useCallback(
    async (text: string) => {
      const copied = await copyText(text);
      if (copied) toast.success(t`คัดลอกแล้ว!`, { duration: COPY_TOAST_MS, toasterId: ORDER_TOASTER });
      else
        toast.error(t`คัดลอกไม่สำเร็จ กรุณาคัดลอกด้วยตนเอง`, {
          duration: COPY_ERROR_TOAST_MS,
          toasterId: ORDER_TOASTER,
        });
      return copied;
    },
    [t],
  );
}
