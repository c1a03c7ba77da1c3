// The face consent a test's or a benchmark's runner gives with a selfie (core/contract/privacy.ts).
import type { FaceConsent } from '../../core/contract/privacy';
import { PRIVACY_NOTICE_VERSION } from '../../core/privacy';

export const TEST_CONSENT: FaceConsent = {
  version: PRIVACY_NOTICE_VERSION,
  device: 'test-device-0123456789abcdef',
};
