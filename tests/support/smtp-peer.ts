import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The Message-ID header without brackets (the outbox row id @atlas-invest). */
  messageId: string | null;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps every message it accepts. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1] ?? null;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}
