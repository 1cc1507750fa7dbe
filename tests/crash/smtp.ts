import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP peer that counts every accepted message by its Message-ID (the outbox row id). */
export interface SmtpPeer {
  port: number;
  /** outbox id → how many times a whole message with that id was accepted */
  received: Map<string, number>;
  /** messages without our Message-ID shape (should stay 0) */
  foreign: number;
  total(): number;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received = new Map<string, number>();
  const peer = { port: 0, received, foreign: 0, total: () => [...received.values()].reduce((a, b) => a + b, 0) } as SmtpPeer;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // Only a message whose DATA ended with the final dot gets here: a kill mid-message is no delivery.
        const id = /^message-id:\s*<([^@>]+)@atlas-invest>/im.exec(raw)?.[1];
        if (id) received.set(id, (received.get(id) ?? 0) + 1);
        else peer.foreign += 1;
        callback();
      });
    },
  });
  server.on('error', () => {
    /* a client killed mid-conversation is expected here */
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  peer.port = (server.server.address() as AddressInfo).port;
  peer.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}
