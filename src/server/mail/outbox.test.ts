import { eq, isNull } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogText } from '../../../test/support/console.ts';
import { drivers, openTestDatabase } from '../../../test/support/database.ts';
import { freePort } from '../../../test/support/free-port.ts';
import { startSmtpCapture } from '../../../test/support/smtp.ts';
import type { OpenDatabase } from '../db/open.ts';
import { outbox } from '../db/schema.ts';
import { liveHub } from '../live/hub.ts';
import { enqueueMail, mailQueued, retryDelaySeconds, startMailWorker } from './outbox.ts';
import { escapeHtml, verificationMail } from './templates.ts';

describe('mail templates', () => {
  it('escapes what a person typed, in the HTML part', () => {
    const mail = verificationMail(
      'Marca',
      'a@example.com',
      '<script>alert("x")</script> & Cía',
      'http://x/?a=1&b=2',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
    expect(mail.html).toContain('http://x/?a=1&#38;b=2');
    expect(mail.text).toContain('<script>alert("x")</script> & Cía');
    expect(escapeHtml(`'"`)).toBe('&#39;&#34;');
  });

  it('backs off 5 s, 10 s, 20 s … up to 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(30)).toBe(600);
  });
});

describe.each(drivers)('mail outbox on %s', (driver) => {
  let database: OpenDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database?.close());

  const mail = (to: string) => ({ to, subject: 'Asunto ñandú', html: '<p>Hola</p>', text: 'Hola, ñandú' });

  it('delivers a queued mail to a real SMTP server and marks it sent', async () => {
    const smtp = await startSmtpCapture();
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'Casillero <no-reply@example.com>',
      log: () => {},
    });
    try {
      await enqueueMail(database.db, mail('uno@example.com'));
      expect(await worker.deliverDue()).toBe(1);
      const text = await smtp.waitFor('uno@example.com');
      expect(text).toContain('Hola, ñandú');
      const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, 'uno@example.com'));
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.attempts).toBe(1);
      expect(await worker.deliverDue()).toBe(0);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('keeps a mail while the SMTP server is down and delivers it, after a restart, once the server is back', async () => {
    const port = await freePort();
    const logs: string[] = [];
    const first = startMailWorker({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@example.com',
      log: (line) => logs.push(line),
    });
    await enqueueMail(database.db, mail('dos@example.com'));
    expect(await first.deliverDue()).toBe(0);
    await first.stop();
    const [failed] = await database.db.select().from(outbox).where(eq(outbox.toAddress, 'dos@example.com'));
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(logs.join('\n')).toContain(`No se pudo enviar el correo ${failed?.id}`);
    expect(logs.join('\n')).not.toContain('dos@example.com');

    // The server comes back; a new worker (as after an app restart) delivers once the back-off has passed.
    const smtp = await startSmtpCapture(port);
    const second = startMailWorker({
      db: database.db,
      smtpUrl: smtp.url,
      from: 'no-reply@example.com',
      log: () => {},
    });
    try {
      expect(await second.deliverDue()).toBe(0);
      await database.db
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(isNull(outbox.sentAt));
      expect(await second.deliverDue()).toBe(1);
      expect(await smtp.waitFor('dos@example.com')).toContain('Hola, ñandú');
    } finally {
      await second.stop();
      await smtp.close();
    }
  });

  it('logs a failed mail by its outbox id, never by the address, even when the server quotes it (issue 45, defect 12)', async () => {
    // An SMTP server that refuses the recipient and names it, as Postfix does ('<x@y>: Recipient address rejected').
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(
          Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }),
        );
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => refusing.listen(port, '127.0.0.1', resolve));
    const from = capturedLogText().length;
    // No `log` option: the worker writes the server's own log, as in production.
    const worker = startMailWorker({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@example.com',
    });
    try {
      const id = await enqueueMail(database.db, mail('privado@example.com'));
      expect(await worker.deliverDue()).toBe(0);
      const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
      expect(row?.lastError).toContain('Recipient address rejected');
      const text = capturedLogText(from).join('');
      expect(text).toContain(`No se pudo enviar el correo ${id}`);
      expect(text).toContain('Recipient address rejected');
      expect(text).not.toContain('privado@example.com');
    } finally {
      await worker.stop();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('prints the mail to the log when no SMTP server is configured', async () => {
    const logs: string[] = [];
    const worker = startMailWorker({
      db: database.db,
      from: 'no-reply@example.com',
      log: (line) => logs.push(line),
    });
    await enqueueMail(database.db, mail('tres@example.com'));
    expect(await worker.deliverDue()).toBe(1);
    await worker.stop();
    expect(logs.join('\n')).toContain('Para: tres@example.com');
    expect(logs.join('\n')).toContain('Hola, ñandú');
  });

  it('sends a mail as soon as its transaction commits, with no wake call, and nothing for a rolled-back one', async () => {
    const hub = liveHub(database);
    const logs: string[] = [];
    // The poll is an hour away: only the outbox's NOTIFY can wake this worker.
    const worker = startMailWorker({
      db: database.db,
      live: hub,
      from: 'no-reply@example.com',
      pollMs: 3_600_000,
      log: (line) => logs.push(line),
    });
    let notices = 0;
    const unsubscribe = await hub.subscribe(mailQueued, { wake: () => notices++ });
    try {
      await worker.listening;
      const rolledBack = database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail('revertido@example.com'));
        tx.rollback();
      });
      await expect(rolledBack).rejects.toBeInstanceOf(TransactionRollbackError);
      const committedAt = Date.now();
      // Two mails in one statement, as the storage reminders and state changes insert them.
      await database.db.transaction((tx) =>
        tx.insert(outbox).values(
          ['confirmado@example.com', 'tambien@example.com'].map((to) => ({
            toAddress: to,
            subject: 'Asunto',
            html: '<p>Hola</p>',
            text: 'Hola',
          })),
        ),
      );
      const deadline = Date.now() + 5000;
      while (!logs.join('\n').includes('Para: tambien@example.com') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const elapsed = Date.now() - committedAt;
      expect(logs.join('\n')).toContain('Para: confirmado@example.com');
      expect(logs.join('\n')).toContain('Para: tambien@example.com');
      expect(elapsed).toBeLessThan(2000);
      // Notices arrive in commit order: had the rolled-back insert sent one, it would have come first.
      expect(notices).toBe(1);
      expect(logs.join('\n')).not.toContain('revertido@example.com');
    } finally {
      unsubscribe();
      await worker.stop();
    }
  });
});
