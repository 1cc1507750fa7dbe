import PDFDocument from 'pdfkit';
import { formatMoney } from '../../../core/money';
import type { CollectedData } from './collect';

type Lang = 'fr' | 'en' | 'es';

/** The PDF is read outside the app, so its words are translated here, on the server. */
const labels: Record<Lang, Record<'title' | 'holder' | 'generated' | 'closing' | 'account' | 'lines', string>> = {
  fr: {
    title: 'Relevé de compte — export de vos données',
    holder: 'Titulaire',
    generated: 'Établi le (UTC)',
    closing: 'Solde de clôture',
    account: 'Compte',
    lines: 'Écritures (date UTC, opération, compte, montant, solde cumulé)',
  },
  en: {
    title: 'Account statement — your data export',
    holder: 'Holder',
    generated: 'Issued at (UTC)',
    closing: 'Closing balance',
    account: 'Account',
    lines: 'Entries (UTC date, operation, account, amount, running balance)',
  },
  es: {
    title: 'Extracto de cuenta — exportación de sus datos',
    holder: 'Titular',
    generated: 'Emitido el (UTC)',
    closing: 'Saldo de cierre',
    account: 'Cuenta',
    lines: 'Asientos (fecha UTC, operación, cuenta, importe, saldo acumulado)',
  },
};

/**
 * The statement: every ledger line of the person's accounts with the running total, and the
 * closing balance, which is the sum of the lines. It must equal the ledger's balances to the cent:
 * when it does not, no statement is written (the export fails rather than print a wrong figure).
 * The closing balance is also in the document's information dictionary (ClosingBalanceCents).
 */
export async function statementPdf(data: CollectedData): Promise<Buffer> {
  const closing = data.ledger.reduce((sum, l) => sum + l.amountCents, 0);
  const held = data.balances.reduce((sum, b) => sum + b.balanceCents, 0);
  if (closing !== held) throw new Error(`statement: lines sum to ${closing} but the balances hold ${held}`);
  const lang: Lang = data.profile.locale === 'en' || data.profile.locale === 'es' ? data.profile.locale : 'fr';
  const l = labels[lang];

  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: l.title,
      Author: 'Atlas Invest',
      Subject: `${l.closing}: ${formatMoney(closing)}`,
      ClosingBalanceCents: String(closing),
    } as PDFKit.DocumentInfo,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text(l.title);
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  doc.text(`${l.holder}: ${data.profile.fullName} (${data.profile.uid})`);
  doc.text(`${l.generated}: ${data.generatedAt}`);
  doc.moveDown(0.5);
  for (const b of data.balances) doc.text(`${l.account} ${b.kind}: ${formatMoney(b.balanceCents)}`);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${l.closing}: ${formatMoney(closing)}`);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(9).text(l.lines);
  doc.font('Helvetica').fontSize(8);

  const cols = [40, 150, 270, 370, 460];
  const bottom = doc.page.height - doc.page.margins.bottom - 12;
  let y = doc.y + 4;
  let running = 0;
  for (const line of data.ledger) {
    if (y > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    running += line.amountCents;
    const cells = [
      line.at.slice(0, 19).replace('T', ' '),
      line.type,
      line.account,
      formatMoney(line.amountCents),
      formatMoney(running),
    ];
    cells.forEach((text, i) => doc.text(text, cols[i]!, y, { lineBreak: false }));
    y += 11;
  }
  if (y > bottom) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${l.closing}: ${formatMoney(closing)}`, 40, Math.min(y + 6, bottom), { lineBreak: false });
  doc.end();
  return done;
}
