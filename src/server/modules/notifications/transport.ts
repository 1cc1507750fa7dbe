import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** Stable per outbox row, so that a receiver can tell a redelivery from a new message. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when a URL is configured; otherwise each message becomes an .eml file under `dir`. */
export function createTransport(opts: { smtpUrl?: string; outboxDir: string }): MailTransport {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(opts.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
    return {
      send: async (mail) => {
        await smtp.sendMail({ ...mail, messageId: `<${mail.messageId}@atlas-invest>` });
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await files.sendMail({ ...mail, messageId: `<${mail.messageId}@atlas-invest>` });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${mail.messageId}.eml`);
      // Write then rename: a reader never sees half a message, and a rewrite replaces, never duplicates.
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => files.close(),
  };
}
