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
  port: number;
  /** Every message accepted, whole: a client cut off mid-message never gets here. */
  received: ReceivedMail[];
  /** How many of the next messages to refuse with a temporary error (451), as a busy relay does. */
  refuse: number;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (a free port unless given) that keeps every message it accepts. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (peer.refuse > 0) {
          peer.refuse--;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = /^Message-ID:\s*<([^>]+)>/im.exec(raw)?.[1] ?? null;
        peer.received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId, raw });
        callback();
      });
    },
  });
  // A client killed mid-conversation (the crash round does that) is expected.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  const peer: SmtpPeer = {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received: [],
    refuse: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
