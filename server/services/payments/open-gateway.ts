// Chooses the payment gateway from the config (PAYMENT_GATEWAY): the sandbox by default, GB Prime Pay or Opn.
import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentGateway } from './gateway';
import { gbpClient } from './gbp';
import { gbpGateway } from './gbp-gateway';
import { opnClient } from './opn';
import { opnGateway } from './opn-gateway';
import { sandboxGateway } from './sandbox';

/** The sandbox signs its callbacks with a key derived from the store's signing secret (never the secret itself). */
export const sandboxSecretFrom = (signingSecret: string) =>
  createHash('sha256').update(`sandbox-gateway-callbacks\0${signingSecret}`).digest('base64url');

export function openPaymentGateway(
  config: Pick<Config, 'paymentGateway' | 'opn' | 'gbp' | 'promptPayId'>,
  db: Db,
  signingSecret: string,
): PaymentGateway {
  switch (config.paymentGateway) {
    case 'opn':
      if (!config.opn) throw new Error('PAYMENT_GATEWAY=opn needs OPN_API_URL and OPN_SECRET_KEY');
      return opnGateway(opnClient(config.opn));
    case 'gbp':
      if (!config.gbp) throw new Error('PAYMENT_GATEWAY=gbp needs its GBP_* settings');
      return gbpGateway(gbpClient(config.gbp));
    default:
      return sandboxGateway({
        db,
        secret: sandboxSecretFrom(signingSecret),
        ...(config.promptPayId ? { promptPayId: config.promptPayId } : {}),
      });
  }
}
