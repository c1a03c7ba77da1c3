// A runner's personal data calls (DESIGN §6): face consent given with a search or an alert and withdrawn here; one-time
// codes to a phone or an e-mail that open what the store holds under it (see, download, erase); a runner's objection
// to being found by face ("remove my face") and its undoing.
import * as v from 'valibot';
import { DEVICE_ID_PATTERN, PRIVACY_CODE_DIGITS } from '../privacy';
import { isValidEmail, isValidMobile } from '../rules';
import { successAnswerSchema } from './common';

export const privacyBasePath = '/v1/privacy';
export const privacyWithdrawPath = `${privacyBasePath}/withdraw`;
export const privacyCodePath = `${privacyBasePath}/code`;
export const privacyVerifyPath = `${privacyBasePath}/verify`;
export const privacyDataPath = `${privacyBasePath}/data`;
export const privacyErasePath = `${privacyBasePath}/erase`;
export const privacyRemovalPath = `${privacyBasePath}/removal`;
export const privacyRemovalUndoPath = `${privacyBasePath}/removal/undo`;

/**
 * A face consent as a request carries it: the notice's version the runner agreed under (only the current one is
 * taken: a device that agreed to an older notice is asked again) and the device's own random consent id.
 * Refusal when missing or of another version: 400 code consent-required.
 */
export const faceConsentSchema = v.object({
  /** Checked by the store: refused with code consent-required unless PRIVACY_NOTICE_VERSION. */
  version: v.pipe(v.string(), v.maxLength(40, 'is too long')),
  device: v.pipe(v.string(), v.regex(DEVICE_ID_PATTERN, 'is not a device consent id')),
});
export type FaceConsent = v.InferOutput<typeof faceConsentSchema>;

/** POST /v1/privacy/withdraw: every consent of this device withdrawn, its alerts deleted. */
export const withdrawRequestSchema = v.object({
  device: v.pipe(v.string(), v.regex(DEVICE_ID_PATTERN, 'is not a device consent id')),
});
export const withdrawAnswerSchema = successAnswerSchema(
  v.object({ consents: v.number(), alerts_deleted: v.number() }),
);

/** A phone (10 digits, as orders take it) or an e-mail (trimmed, lower case): where a one-time code goes. */
export const privacyDestinationSchema = v.union([
  v.object({
    mobile: v.pipe(
      v.string(),
      v.transform((raw) => raw.replace(/\D+/g, '')),
      v.check((mobile) => isValidMobile(mobile), 'must be a 10-digit mobile number'),
    ),
  }),
  v.object({
    email: v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty('is required'),
      v.maxLength(254, 'is too long'),
      v.check(isValidEmail, 'is not a valid e-mail'),
    ),
  }),
]);
export type PrivacyDestination = v.InferOutput<typeof privacyDestinationSchema>;

export const privacyCodePurposes = ['export', 'removal', 'undo-removal'] as const;

/**
 * POST /v1/privacy/code: a one-time code sent to the destination. Answers the request's id (the page sends it back
 * with the code), the destination masked, and the minutes the code lives. Refusals: a store that cannot send to
 * that kind of destination 400 (code cannot-send), too many codes for the destination or from this client 429
 * (code too-many-codes).
 */
export const privacyCodeRequestSchema = v.object({
  purpose: v.picklist(privacyCodePurposes, 'must be export, removal or undo-removal'),
  destination: privacyDestinationSchema,
  language: v.picklist(['th', 'en'], 'must be th or en'),
});
export type PrivacyCodeRequest = v.InferOutput<typeof privacyCodeRequestSchema>;
export const privacyCodeAnswerSchema = successAnswerSchema(
  v.object({ request_id: v.string(), sent_to: v.string(), minutes: v.number() }),
);

/**
 * POST /v1/privacy/verify: the code typed. Answers an access token for that destination and purpose, good for
 * 30 minutes. Refusals: a wrong code 400 (code wrong-code, with the tries left), an expired or used one 400 (code
 * code-expired), too many wrong tries 429 (code too-many-tries).
 */
export const privacyVerifyRequestSchema = v.object({
  request_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a code request')),
  code: v.pipe(
    v.string(),
    v.trim(),
    v.regex(new RegExp(`^\\d{${PRIVACY_CODE_DIGITS}}$`), `must be the ${PRIVACY_CODE_DIGITS}-digit code`),
  ),
});
export const privacyAccessSchema = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_.-]{20,400}$/, 'is not an access key'),
);
export const privacyVerifyAnswerSchema = successAnswerSchema(
  v.object({ access: v.string(), minutes: v.number() }),
);
export const privacyAccessRequestSchema = v.object({ access: privacyAccessSchema });

/**
 * POST /v1/privacy/removal (multipart: these fields as text, and the selfie as `file`): with an access of purpose
 * removal and the runner's consent to keep their face only to keep them out, their faces are taken out of search in
 * every event whose photos are kept, and those photos' public images remade with the face blurred. Refusals: no or
 * outdated consent 400 consent-required, an expired access 401 access-expired, not a JPEG or PNG 400 not-an-image,
 * no face 400 no-face, 5 MB or more 413 too-large.
 */
export const removalFieldsSchema = v.object({
  access: privacyAccessSchema,
  consent_version: v.optional(v.string()),
  consent_device: v.optional(v.string()),
  language: v.optional(v.picklist(['th', 'en'], 'must be th or en'), 'th'),
});
export const removalAnswerSchema = successAnswerSchema(
  v.object({ removal_id: v.number(), faces_removed: v.number(), photos: v.number(), events: v.number() }),
);
export type RemovalAnswer = v.InferOutput<typeof removalAnswerSchema>['body'];

/** POST /v1/privacy/removal/undo {access} (purpose undo-removal): every active removal under that contact undone. */
export const removalUndoAnswerSchema = successAnswerSchema(
  v.object({ undone: v.number(), photos: v.number() }),
);
