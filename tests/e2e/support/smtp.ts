import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP peer on loopback for the journeys; the server under test sends to it (SMTP_URL). */
export async function startSmtp(port: number): Promise<{ mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a mail, quoted-printable undone: soft line breaks and every escaped byte (links whole, accents and no-break spaces as written). */
export function plain(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** Mails to one address whose text contains `marker` (a person also gets confirmation and security mails). */
export function mailsTo(mails: ReceivedMail[], email: string, marker: string | RegExp): ReceivedMail[] {
  return mails.filter(
    (m) => m.to.includes(email) && (typeof marker === 'string' ? plain(m).includes(marker) : marker.test(plain(m))),
  );
}
