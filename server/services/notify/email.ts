// Delivery notices by e-mail through SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465), with nodemailer.
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'RunFoto <no-reply@runfoto.local>';

export function smtpSender(
  smtpUrl: string,
  from: string = DEFAULT_MAIL_FROM,
  timeoutMs = 20_000,
): EmailSender {
  if (!/^smtps?:\/\//.test(smtpUrl))
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}"`);
  const url = new URL(smtpUrl);
  for (const [name, value] of [
    ['connectionTimeout', timeoutMs],
    ['greetingTimeout', timeoutMs],
    ['socketTimeout', timeoutMs],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  const transport = nodemailer.createTransport(url.toString(), { from });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      if (info.rejected.length > 0) throw new Error(`the mail server refused ${info.rejected.join(', ')}`);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
