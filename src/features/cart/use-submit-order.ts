// SPEC §4 Order submission: is_submit_cart while sending (the button is disabled with a spinner), the gateway
// check first (empty: alert, no order), then the create call; success keeps the order in the history, empties the
// cart and opens the success dialog; failure shows the 7 s error toast and allows another try.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import { ERROR_TOAST_MS } from '../../../core/constants';
import { ApiError } from '../../lib/api/client';
import { createOrder } from '../../lib/api/orders';
import { fetchPaymentGateway } from '../../lib/api/utils';
import { showToast } from '../../lib/ui/toast';
import { recordOrder } from './cart-store';
import { type OrderDraft, orderApiVersion, orderRequestOf } from './checkout';
import { newIdempotencyKey } from './idempotency-key';

export type SubmitDraft = Omit<OrderDraft, 'gateway'> & { eventTitle: string };

export interface SubmitOrder {
  submitting: boolean;
  /** The created order's uuid (the success dialog is open). */
  created: string | undefined;
  /** The payment gateway is not configured: the administrator alert is open. */
  gatewayMissing: boolean;
  dismissGatewayAlert: () => void;
  submit: (draft: SubmitDraft) => Promise<void>;
}

export function useSubmitOrder(): SubmitOrder {
  const { t } = useLingui();
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<string>();
  const [gatewayMissing, setGatewayMissing] = useState(false);
  const busy = useRef(false);

  const submit = useCallback(
    async (draft: SubmitDraft) => {
      if (busy.current) return;
      busy.current = true;
      setSubmitting(true);
      try {
        const gateway = await fetchPaymentGateway();
        if (gateway === '') {
          setGatewayMissing(true);
          return;
        }
        const version = orderApiVersion(draft.kind, draft.channel, gateway);
        const { uuid } = await createOrder(
          version,
          orderRequestOf({ ...draft, gateway }),
          newIdempotencyKey(),
        );
        // The order exists now: a storage failure must not hide it (only the history misses it).
        await recordOrder({
          uuid,
          kind: draft.kind,
          event_key: draft.eventKey,
          event_title: draft.eventTitle,
          amount: draft.finalPayment,
          image_count: draft.items.length,
          created_at: new Date().toISOString(),
        }).catch((error: unknown) => console.error('order history not saved', error));
        setCreated(uuid);
      } catch (error) {
        console.error('order creation failed', error);
        // Photos past their retention period can never be bought: say so, not "try again".
        const expired = error instanceof ApiError && error.serverCode === 'photos-expired';
        // Offline nothing was sent and nothing is queued: say so, and that the cart is still there.
        const offline = error instanceof ApiError && error.kind === 'network' && !navigator.onLine;
        showToast(
          'error',
          expired
            ? t`ภาพของงานนี้หมดระยะเวลาการจัดเก็บแล้ว ไม่สามารถสั่งซื้อได้`
            : offline
              ? t`คุณออฟไลน์อยู่ ยังไม่ได้สร้างคำสั่งซื้อ ภาพในตะกร้ายังอยู่ครบ กรุณาลองใหม่เมื่อเชื่อมต่ออินเทอร์เน็ตแล้ว`
              : t`เกิดข้อผิดพลาดในการสร้างคำสั่งซื้อ กรุณาลองใหม่อีกครั้ง หรือติดต่อแชทฝ่ายบริการลูกค้า`,
          { duration: ERROR_TOAST_MS, id: 'order-failed' },
        );
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [t],
  );

  return {
    submitting,
    created,
    gatewayMissing,
    dismissGatewayAlert: useCallback(() => setGatewayMissing(false), []),
    submit,
  };
}
