// A real SMTP server (the smtp-server package) on a free port that keeps every message it receives.
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export async function startSmtpCapture(port?: number) {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    mails,
    /** Waits for the next mail to `to` matching `pattern`, and returns its decoded text. */
    async waitFor(to: string, pattern: RegExp = /./, timeoutMs = 20_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to) && pattern.test(decodeQuotedPrintable(m.raw)));
        if (mail) return decodeQuotedPrintable(mail.raw);
        if (Date.now() > deadline)
          throw new Error(`No llegó un correo para ${to} que coincida con ${pattern}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function decodeQuotedPrintable(raw: string): string {
  // The raw message is ASCII (nodemailer encodes the rest), so latin1 keeps each decoded byte for the UTF-8 pass.
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The first link to `path` in a mail's text. */
export function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_%.-]+`).exec(mail);
  if (!match) throw new Error(`El correo no tiene un enlace a ${path}`);
  return match[0];
}
