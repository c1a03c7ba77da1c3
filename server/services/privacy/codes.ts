// One-time codes that open what the store holds under a phone or an e-mail (DESIGN §6): 6 random digits sent by
// SMS or e-mail (a demo or sandbox store without them writes the code to its log), kept only as the SHA-256 of the
// request id and the code, with the destination and the client as keyed hashes. A few a day per destination and
// per client; a code lives PRIVACY_CODE_MINUTES and takes PRIVACY_CODE_TRIES wrong tries. The answer never says
// whether the store holds anything under the destination. The right code answers an access (access.ts).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { PrivacyCodeRequest } from '../../../core/contract/privacy';
import type { PrivacyVerifyRequest } from '../../../core/contract/privacy-data';
import {
  PRIVACY_CODE_DIGITS,
  PRIVACY_CODE_MINUTES,
  PRIVACY_CODE_TRIES,
  PRIVACY_CODES_PER_CLIENT_DAY,
  PRIVACY_CODES_PER_DESTINATION_DAY,
} from '../../../core/privacy';
import type { AppContext } from '../../context';
import { checkCode, recordCode } from '../../db/privacy-codes-repo';
import { log } from '../../ops/log';
import type { EmailSender } from '../notify/email';
import type { SmsSender } from '../notify/sms';
import { accept, type Outcome, refuse } from '../outcome';
import { ACCESS_MINUTES, type Contact, contactOf, destinationKey, issueAccess, maskContact } from './access';

const DAY_MS = 86_400_000;

/** How codes reach people: the store's SMTP and SMS provider, when set. */
export interface CodeSenders {
  email?: EmailSender | undefined;
  sms?: SmsSender | undefined;
  /** Told of each code a demo or sandbox store could not send (default: the store's log); tests read them. */
  logged?: (code: { request_id: string; sent_to: string; code: string; purpose: string }) => void;
}

/** The context the codes need: the store's secret and clock, its gateway (a sandbox may log codes), its senders. */
export type CodesContext = Pick<AppContext, 'db' | 'now' | 'photoPassSecret' | 'payments'>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHash = (requestId: string, code: string) => sha256(`${requestId}:${code}`);

/** A client (routes/api.ts clientOf) as privacy_codes keeps it: a keyed hash. */
export const clientKeyOf = (ctx: Pick<AppContext, 'photoPassSecret'>, client: string): string =>
  createHmac('sha256', ctx.photoPassSecret).update(`privacy-client:${client}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** PRIVACY_CODE_DIGITS)).padStart(PRIVACY_CODE_DIGITS, '0');

const PURPOSE_WORDS: Record<PrivacyCodeRequest['purpose'], { th: string; en: string }> = {
  export: { th: 'ดูและลบข้อมูลของคุณที่ร้านเก็บไว้', en: 'see and erase the data the store holds about you' },
  removal: { th: 'นำใบหน้าของคุณออกจากการค้นหา', en: 'remove your face from search' },
  'undo-removal': { th: 'ยกเลิกการนำใบหน้าออกจากการค้นหา', en: 'undo the removal of your face from search' },
};

/** The code's message: Thai and English (the asker's language first); a short one for SMS. */
export function codeMessage(code: string, purpose: PrivacyCodeRequest['purpose'], language: 'th' | 'en') {
  const words = PURPOSE_WORDS[purpose];
  const minutes = PRIVACY_CODE_MINUTES;
  const th = [
    `รหัสยืนยันของคุณคือ ${code}`,
    `ใช้เพื่อ${words.th} รหัสนี้ใช้ได้ ${minutes} นาที`,
    'หากคุณไม่ได้ขอรหัสนี้ ไม่ต้องทำอะไร และอย่าบอกรหัสนี้กับใคร',
  ];
  const en = [
    `Your confirmation code is ${code}`,
    `It is to ${words.en}, and works for ${minutes} minutes.`,
    'If you did not ask for it, ignore this message and tell nobody the code.',
  ];
  const [first, second] = language === 'th' ? [th, en] : [en, th];
  const subject =
    language === 'th' ? `RunFoto: รหัสยืนยัน ${code} / confirmation code` : `RunFoto: confirmation code ${code}`;
  const sms =
    language === 'th'
      ? `RunFoto รหัส ${code} ใช้ได้ ${minutes} นาที เพื่อ${words.th} หากไม่ได้ขอ ไม่ต้องทำอะไร`
      : `RunFoto code ${code}, valid ${minutes} min, to ${words.en}. Did not ask? Ignore this.`;
  const text = [...first, '', ...second].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif"><p>${first.join('<br>')}</p><p>${second.join('<br>')}</p></body></html>`;
  return { subject, text, html, sms };
}

const cannotSend = (contact: Contact) =>
  contact.kind === 'mobile'
    ? refuse(400, 'this store cannot send codes by SMS: use an e-mail address', {
        field: 'destination',
        code: 'cannot-send',
        th: 'ร้านนี้ส่งรหัสทาง SMS ไม่ได้ กรุณาใช้อีเมล',
      })
    : refuse(400, 'this store cannot send codes by e-mail: use a mobile number', {
        field: 'destination',
        code: 'cannot-send',
        th: 'ร้านนี้ส่งรหัสทางอีเมลไม่ได้ กรุณาใช้เบอร์มือถือ',
      });

const noDestination = () =>
  refuse(400, 'destination: give a mobile number or an e-mail address', {
    field: 'destination',
    code: 'destination-required',
    th: 'กรุณากรอกเบอร์มือถือหรืออีเมล',
  });

const tooManyCodes = (retryAfter: number) =>
  refuse(429, 'too many codes were asked for: try again later', {
    code: 'too-many-codes',
    th: 'ขอรหัสบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    retryAfter,
  });

const notSent = () =>
  refuse(503, 'the code could not be sent just now: try again in a few minutes', {
    code: 'send-failed',
    th: 'ส่งรหัสไม่สำเร็จในขณะนี้ กรุณาลองใหม่ในอีกสักครู่',
    retryAfter: 60,
  });

/** How a code reaches a contact on this store: a sender, the log (a demo or sandbox store only), or no way. */
function channelFor(ctx: CodesContext, senders: CodeSenders, contact: Contact) {
  if (contact.kind === 'mobile' && senders.sms) return 'sms' as const;
  if (contact.kind === 'email' && senders.email) return 'email' as const;
  return ctx.payments.name === 'SANDBOX' ? ('log' as const) : undefined;
}

export async function requestCode(
  ctx: CodesContext,
  senders: CodeSenders,
  request: PrivacyCodeRequest,
  client: string,
): Promise<Outcome<{ request_id: string; sent_to: string; minutes: number }>> {
  const contact = contactOf(request.destination);
  if (!contact) return noDestination();
  const channel = channelFor(ctx, senders, contact);
  if (!channel) return cannotSend(contact);
  const now = ctx.now();
  const code = newCode();
  const requestId = randomBytes(18).toString('base64url');
  const refused = await recordCode(
    ctx.db,
    {
      purpose: request.purpose,
      destination_key: destinationKey(ctx, contact.value),
      client_key: clientKeyOf(ctx, client),
      code_sha256: codeHash(requestId, code),
      request_id: requestId,
      created_at: now,
      expires_at: new Date(now.getTime() + PRIVACY_CODE_MINUTES * 60_000),
    },
    new Date(now.getTime() - DAY_MS),
    { destination: PRIVACY_CODES_PER_DESTINATION_DAY, client: PRIVACY_CODES_PER_CLIENT_DAY },
    DAY_MS,
  );
  if (refused) return tooManyCodes(refused.retryAfterSeconds);
  const sentTo = maskContact(contact);
  const message = codeMessage(code, request.purpose, request.language);
  try {
    if (channel === 'sms') await senders.sms?.send({ to: contact.value, text: message.sms });
    else if (channel === 'email')
      await senders.email?.send({
        to: contact.value,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    else if (senders.logged)
      senders.logged({ request_id: requestId, sent_to: sentTo, code, purpose: request.purpose });
    // A demo or sandbox store's own log (the destination is masked by the log): how a tester reads the code.
    else
      log.warn('privacy code not sent (no SMS or e-mail provider on this demo store): written here instead', {
        request_id: requestId,
        sent_to: sentTo,
        purpose: request.purpose,
        code,
      });
  } catch (error) {
    log.error('privacy code could not be sent', { err: error, channel, request_id: requestId });
    return notSent();
  }
  return accept({ request_id: requestId, sent_to: sentTo, minutes: PRIVACY_CODE_MINUTES });
}

const codeExpired = () =>
  refuse(400, 'this code has expired or was used: ask for a new one', {
    field: 'code',
    code: 'code-expired',
    th: 'รหัสนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอรหัสใหม่',
  });

const tooManyTries = () =>
  refuse(429, 'too many wrong codes: ask for a new one', {
    field: 'code',
    code: 'too-many-tries',
    th: 'กรอกรหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่',
  });

const wrongCode = (left: number) =>
  refuse(400, `wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`, {
    field: 'code',
    code: 'wrong-code',
    th: `รหัสไม่ถูกต้อง ลองได้อีก ${left} ครั้ง`,
  });

const sameHex = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
};

/** The typed code against its request (and the destination it was sent to): an access for its purpose when right. */
export async function verifyCode(
  ctx: Pick<AppContext, 'db' | 'now' | 'photoPassSecret'>,
  request: PrivacyVerifyRequest,
): Promise<Outcome<{ access: string; minutes: number }>> {
  const contact = contactOf(request.destination);
  if (!contact) return noDestination();
  const key = destinationKey(ctx, contact.value);
  const typed = codeHash(request.request_id, request.code);
  const now = ctx.now();
  const checked = await checkCode(
    ctx.db,
    request.request_id,
    now,
    PRIVACY_CODE_TRIES,
    (row) => sameHex(row.code_sha256, typed) && sameHex(row.destination_key, key),
  );
  switch (checked.result) {
    case 'unknown':
    case 'expired':
      return codeExpired();
    case 'dead':
      return tooManyTries();
    case 'wrong':
      return wrongCode(checked.attemptsLeft);
    case 'right':
      return accept({
        access: issueAccess(ctx, contact, checked.row.purpose, now),
        minutes: ACCESS_MINUTES,
      });
  }
}
