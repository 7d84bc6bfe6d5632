import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Recipients whose address starts with this are refused with 550 (a permanent failure). */
export const REFUSED_PREFIX = 'refused-';

/** A received message, parsed as a mail client would. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** `.ics` attachments as text. */
  calendars: string[];
  parsed: ParsedMail;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, the same across {@link SmtpCatcher.stop} and {@link SmtpCatcher.start}. */
  url: string;
  mails: CaughtMail[];
  /** Stops listening (mail servers "down"); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves with the mails matching `match` once there are `count` of them (default 1); fails after `timeoutMs`. */
  waitFor(match: (mail: CaughtMail) => boolean, count?: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Every mail to `to`. */
  to(address: string): CaughtMail[];
}

function addressText(value: ParsedMail['to']): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.1 that keeps every message it receives. The
 * first start takes a free port from the system; later starts reuse it. (Also used by the browser
 * tests, so it imports nothing else of the API.)
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  let port = 0;
  const mails: CaughtMail[] = [];
  let server: SMTPServer | null = null;

  async function start(): Promise<void> {
    const s = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A mailbox that does not exist: refused for good (550), as a real server would.
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith(REFUSED_PREFIX)) {
          callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            mails.push({
              to: addressText(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              calendars: parsed.attachments.filter((a) => a.contentType.startsWith('text/calendar')).map((a) => a.content.toString('utf8')),
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
    });
    const address = s.server.address();
    if (address && typeof address === 'object') port = address.port;
    server = s;
  }

  async function stop(): Promise<void> {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await start();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    start,
    stop,
    to: (address) => mails.filter((m) => m.to === address),
    async waitFor(match, count = 1, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(`waited ${timeoutMs} ms for ${count} mail(s); got ${found.length} of ${mails.length}: ${mails.map((m) => `${m.to} "${m.subject}"`).join('; ')}`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/**
 * A catcher for the test file (or describe block) it is called in: started before the first test,
 * stopped after the last. The object is filled in place, so settings read in a later `beforeAll`
 * (`useTestEnv(driver, () => ({ SMTP_URL: smtp.url }))`) see its address.
 */
export function useSmtpCatcher(): SmtpCatcher {
  const catcher = {} as SmtpCatcher;
  beforeAll(async () => {
    Object.assign(catcher, await startSmtpCatcher());
  });
  afterAll(async () => {
    await catcher.stop?.();
  });
  return catcher;
}
