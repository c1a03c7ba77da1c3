// The configured payment gateway, asked once when a cart shows its form: it decides whether cards are offered.
// The submit asks again (the answer there decides the administrator alert), so a failure here only hides cards.
import { useEffect, useState } from 'react';
import { fetchPaymentGateway } from '../../lib/api/utils';

export function usePaymentGateway(enabled: boolean): string | undefined {
  const [gateway, setGateway] = useState<string>();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchPaymentGateway(controller.signal).then(setGateway, () => undefined);
    return () => controller.abort();
  }, [enabled]);
  return gateway;
}
