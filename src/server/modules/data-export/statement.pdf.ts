import PDFDocument from 'pdfkit';
import { formatLongDateTime, formatTypedDate } from '../../../core/dates';
import type { UserAccountKind } from '../../../core/ledger';
import { formatMoneyIn } from '../../../core/money';
import { statementLabels } from '../portfolio/statement.csv';
import { kindOf } from '../portfolio/statement.service';
import type { CollectedData } from './collect';

type Lang = 'fr' | 'en' | 'es';

interface Labels {
  title: string;
  holder: string;
  issued: (date: string) => string;
  balances: string;
  accounts: Record<UserAccountKind, string>;
  closing: string;
  lines: string;
  columns: [date: string, operation: string, account: string, amount: string, running: string];
  /** The one movement the available balance's statement never shows: a held withdrawal paid out. */
  settled: string;
  /** The evidence on chain of deposits and withdrawals (issue 45): a heading, then one item each. */
  chain: string;
  deposit: (amount: string, coins: string, rate: string) => string;
  withdrawal: (amount: string, coin: string) => string;
  transaction: (txid: string) => string;
  payoutState: (verified: boolean, confirmations: number | null) => string;
}

/** The PDF is read outside the app, so its words are translated here, on the server. */
const labels: Record<Lang, Labels> = {
  fr: {
    title: 'Relevé de compte — export de vos données',
    holder: 'Titulaire',
    issued: (date) => `Établi le ${date}`,
    balances: 'Soldes',
    accounts: { available: 'Disponible', invested: 'Investi', withdrawal_hold: 'Réservé' },
    closing: 'Solde de clôture (disponible + investi + réservé)',
    lines: 'Écritures, de la plus ancienne à la plus récente',
    columns: ['Date (UTC)', 'Opération', 'Compte', 'Montant', 'Solde cumulé'],
    settled: 'Retrait envoyé',
    chain: 'Transactions sur la chaîne',
    deposit: (amount, coins, rate) => `Dépôt de ${amount}\u00a0: ${coins} au cours de ${rate}`,
    withdrawal: (amount, coin) => `Retrait de ${amount} en ${coin}`,
    transaction: (txid) => `Transaction ${txid}`,
    payoutState: (verified, n) =>
      verified ? `vérifiée, ${n ?? 0} confirmation${(n ?? 0) > 1 ? 's' : ''}` : 'non vérifiée',
  },
  en: {
    title: 'Account statement — your data export',
    holder: 'Holder',
    issued: (date) => `Issued on ${date}`,
    balances: 'Balances',
    accounts: { available: 'Available', invested: 'Invested', withdrawal_hold: 'Held' },
    closing: 'Closing balance (available + invested + held)',
    lines: 'Entries, oldest first',
    columns: ['Date (UTC)', 'Operation', 'Account', 'Amount', 'Running balance'],
    settled: 'Withdrawal sent',
    chain: 'Transactions on chain',
    deposit: (amount, coins, rate) => `Deposit of ${amount}: ${coins} at ${rate}`,
    withdrawal: (amount, coin) => `Withdrawal of ${amount} in ${coin}`,
    transaction: (txid) => `Transaction ${txid}`,
    payoutState: (verified, n) =>
      verified ? `verified, ${n ?? 0} confirmation${(n ?? 0) === 1 ? '' : 's'}` : 'not verified',
  },
  es: {
    title: 'Extracto de cuenta — exportación de sus datos',
    holder: 'Titular',
    issued: (date) => `Emitido el ${date}`,
    balances: 'Saldos',
    accounts: { available: 'Disponible', invested: 'Invertido', withdrawal_hold: 'Reservado' },
    closing: 'Saldo de cierre (disponible + invertido + reservado)',
    lines: 'Asientos, del más antiguo al más reciente',
    columns: ['Fecha (UTC)', 'Operación', 'Cuenta', 'Importe', 'Saldo acumulado'],
    settled: 'Retiro enviado',
    chain: 'Transacciones en la cadena',
    deposit: (amount, coins, rate) => `Depósito de ${amount}: ${coins} a ${rate}`,
    withdrawal: (amount, coin) => `Retiro de ${amount} en ${coin}`,
    transaction: (txid) => `Transacción ${txid}`,
    payoutState: (verified, n) =>
      verified ? `verificada, ${n ?? 0} confirmación${(n ?? 0) === 1 ? '' : 'es'}` : 'no verificada',
  },
};

/** French puts a no-break space before the colon. */
const colon = (lang: Lang) => (lang === 'fr' ? '\u00a0:' : ':');
/** The standard fonts write WinAnsi, which has the no-break space but not its narrow form (French thousands). */
const winAnsi = (text: string) => text.replace(/\u202f/g, '\u00a0');

/** Left edge, width and alignment of each column of the entries (A4, 40 pt margins). */
const columns: Array<{ x: number; width: number; align: 'left' | 'right' }> = [
  { x: 40, width: 72, align: 'left' },
  { x: 116, width: 168, align: 'left' },
  { x: 288, width: 72, align: 'left' },
  { x: 362, width: 90, align: 'right' },
  { x: 455, width: 100, align: 'right' },
];

/**
 * The statement: every ledger line of the person's accounts with the running total, and the
 * closing balance, which is the sum of the lines. It must equal the ledger's balances to the cent:
 * when it does not, no statement is written (the export fails rather than print a wrong figure).
 * The closing balance is also in the document's information dictionary (ClosingBalanceCents).
 * Words, dates and amounts are the person's language's (decision 049).
 */
export async function statementPdf(data: CollectedData): Promise<Buffer> {
  const closing = data.ledger.reduce((sum, l) => sum + l.amountCents, 0);
  const held = data.balances.reduce((sum, b) => sum + b.balanceCents, 0);
  if (closing !== held) throw new Error(`statement: lines sum to ${closing} but the balances hold ${held}`);
  const lang: Lang = data.profile.locale === 'en' || data.profile.locale === 'es' ? data.profile.locale : 'fr';
  const l = labels[lang];
  const money = (cents: number) => winAnsi(formatMoneyIn(cents, lang));
  const closingLine = `${l.closing}${colon(lang)} ${money(closing)}`;
  const account = (kind: string) => l.accounts[kind as UserAccountKind] ?? kind;
  const operation = (line: CollectedData['ledger'][number]) =>
    line.type === 'withdrawal_settle'
      ? l.settled
      : statementLabels[lang].kinds[kindOf({ type: line.type, amount: line.amountCents })];

  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: l.title,
      Author: 'Atlas Invest',
      Subject: closingLine,
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
  doc.text(`${l.holder}${colon(lang)} ${data.profile.fullName} (${data.profile.uid})`);
  doc.text(winAnsi(l.issued(formatLongDateTime(data.generatedAt, lang))));
  doc.moveDown(0.5).font('Helvetica-Bold').text(l.balances).font('Helvetica');
  for (const b of data.balances) doc.text(`${account(b.kind)}${colon(lang)} ${money(b.balanceCents)}`);
  doc.font('Helvetica-Bold').fontSize(12).text(closingLine);
  doc.moveDown(0.5).fontSize(9).text(l.lines);

  const bottom = doc.page.height - doc.page.margins.bottom - 12;
  const row = (cells: string[], y: number) =>
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc.text(text, c.x, y, { width: c.width, align: c.align, lineBreak: false });
    });
  const header = (y: number) => {
    doc.font('Helvetica-Bold').fontSize(8);
    row(l.columns, y);
    doc.font('Helvetica');
    return y + 12;
  };
  let y = header(doc.y + 4);
  let running = 0;
  for (const line of data.ledger) {
    if (y > bottom) {
      doc.addPage();
      y = header(doc.page.margins.top);
    }
    running += line.amountCents;
    const at = `${formatTypedDate(line.at.slice(0, 10), lang)} ${line.at.slice(11, 16)}`;
    row([at, operation(line), account(line.account), money(line.amountCents), money(running)], y);
    y += 11;
  }
  if (y > bottom) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(closingLine, 40, Math.min(y + 6, bottom), { lineBreak: false });

  // The evidence on chain: each deposit's payment (coins, rate) and each withdrawal's payout.
  const deposits = data.deposits.flatMap((d) => (d.chain ? [{ d, chain: d.chain }] : []));
  const payouts = data.withdrawals.flatMap((w) => (w.payout ? [{ w, payout: w.payout }] : []));
  if (deposits.length + payouts.length > 0) {
    const rateOf = (rate: string, coin: string) => `${money(Math.round(Number(rate) * 100))} / ${coin}`;
    doc.x = 40;
    doc.y = Math.min(y + 6, bottom) + 20;
    doc.font('Helvetica-Bold').fontSize(10).text(l.chain, { lineBreak: false });
    doc.moveDown(0.5).font('Helvetica').fontSize(8);
    const item = (first: string, second: string) => {
      if (doc.y > bottom - 24) doc.addPage();
      doc.text(first, 40, doc.y, { width: 515 });
      doc.text(second, 52, doc.y, { width: 503 });
      doc.moveDown(0.3);
    };
    for (const { d, chain } of deposits)
      item(
        `${formatTypedDate(d.createdAt.slice(0, 10), lang)} ${l.deposit(money(d.amountCents), `${chain.coinAmount} ${chain.coin}`, rateOf(chain.rate, chain.coin))}`,
        l.transaction(`${chain.txid}:${chain.vout}`),
      );
    for (const { w, payout } of payouts)
      item(
        `${formatTypedDate((w.processedAt ?? w.createdAt).slice(0, 10), lang)} ${l.withdrawal(money(w.amountCents), w.crypto)}`,
        `${l.transaction(payout.txid)} (${[payout.coinAmount ? `${payout.coinAmount} ${w.crypto}` : null, l.payoutState(payout.verified, payout.confirmations)].filter(Boolean).join(', ')})`,
      );
  }
  doc.end();
  return done;
}
