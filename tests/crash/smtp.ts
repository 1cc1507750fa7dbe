import { startSmtpPeer as startPeer } from '../support/smtp-peer';

/** The shared SMTP peer, read as the crash round needs it: accepted messages counted by outbox id. */
export interface SmtpPeer {
  port: number;
  /** outbox id → how many times a whole message with that id was accepted */
  readonly received: Map<string, number>;
  /** messages without our Message-ID shape (should stay 0) */
  readonly foreign: number;
  total(): number;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const peer = await startPeer(port);
  const outboxIds = () => peer.received.map((m) => /^([^@]+)@atlas-invest$/.exec(m.messageId ?? '')?.[1]);
  return {
    port: peer.port,
    get received() {
      const counts = new Map<string, number>();
      for (const id of outboxIds()) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
      return counts;
    },
    get foreign() {
      return outboxIds().filter((id) => !id).length;
    },
    total: () => outboxIds().filter(Boolean).length,
    close: peer.close,
  };
}
