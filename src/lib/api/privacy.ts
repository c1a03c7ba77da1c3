// A runner's own word about their face (core/contract/privacy.ts): withdrawing the face consent this device gave.
import { privacyWithdrawPath, withdrawAnswerSchema } from '../../../core/contract/privacy';
import { postJson } from './client';

/** POST /v1/privacy/withdraw: the device's consents withdrawn and the alerts made under them deleted. */
export async function withdrawFaceConsent(
  device: string,
  signal?: AbortSignal,
): Promise<{ consents: number; alerts_deleted: number }> {
  return (await postJson(privacyWithdrawPath, { device }, withdrawAnswerSchema, signal)).body;
}
