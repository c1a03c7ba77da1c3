import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSender } from './email';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('e-mail through SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refused.example')) callback(new Error('mailbox unavailable'));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the notice with its subject, sender, text and HTML parts', async () => {
    const sender = smtpSender(`smtp://127.0.0.1:${port}`, 'RunFoto <shop@runfoto.example>', 5000);
    try {
      const sent = await sender.send({
        to: 'runner@example.com',
        subject: 'Your photos are ready',
        text: 'Download your photos: https://shop.example/download/abc',
        html: '<p><a href="https://shop.example/download/abc">download</a></p>',
      });
      expect(sent.messageId).toMatch(/@/);
    } finally {
      sender.close();
    }
    const [mail] = received;
    expect(mail?.from).toBe('shop@runfoto.example');
    expect(mail?.to).toEqual(['runner@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Your photos are ready$/m);
    expect(mail?.raw).toMatch(/^From: RunFoto <shop@runfoto\.example>$/m);
    expect(mail?.raw).toContain('https://shop.example/download/abc');
    expect(mail?.raw).toContain('text/html');
  });

  it('fails when the server refuses the recipient, and on a bad SMTP_URL', async () => {
    const sender = smtpSender(`smtp://127.0.0.1:${port}`, undefined, 5000);
    try {
      await expect(
        sender.send({ to: 'someone@refused.example', subject: 's', text: 't', html: '<p>t</p>' }),
      ).rejects.toThrow(/mailbox unavailable|refused/);
    } finally {
      sender.close();
    }
    expect(() => smtpSender('http://mail.example')).toThrow(/SMTP_URL/);
  });
});
