import { mkdirSync } from 'node:fs';
import path from 'node:path';

export interface MailCatcher {
  /** What the API gets as SMTP_URL. */
  smtpUrl: string;
  /** The web inbox. */
  inboxUrl: string;
  stop(): Promise<void>;
}

/**
 * A local SMTP server with a web inbox (maildev), for `npm start` without SMTP_URL: every email the
 * site sends lands there instead of a real mailbox. Kept in `DATA_DIR/mail` so it survives restarts.
 * Both servers listen on 127.0.0.1 only: the inbox holds password-reset links.
 */
export async function startMailCatcher(options: { dataDir: string; smtpPort: number; webPort: number }): Promise<MailCatcher> {
  const { MailDev } = await import('maildev');
  const mailDirectory = path.join(options.dataDir, 'mail');
  mkdirSync(mailDirectory, { recursive: true });
  const maildev = new MailDev({
    smtp: options.smtpPort,
    ip: '127.0.0.1',
    web: options.webPort,
    webIp: '127.0.0.1',
    mailDirectory,
    silent: true,
  });
  try {
    await maildev.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not start the local mail catcher on ports ${options.smtpPort} (SMTP) and ${options.webPort} (inbox): ${reason}\n` +
        'Free those ports, choose others with MAILDEV_SMTP_PORT and MAILDEV_WEB_PORT, or set SMTP_URL to a real mail server.',
    );
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
    inboxUrl: `http://localhost:${options.webPort}`,
    stop: () => maildev.stop(),
  };
}
