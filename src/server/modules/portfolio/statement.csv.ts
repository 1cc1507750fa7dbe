import type { Area } from '../../../core/areas';
import type { StatementKind, StatementLine } from '../../../contracts/portfolio';

export type CsvLanguage = 'fr' | 'en' | 'es';
export const isCsvLanguage = (v: unknown): v is CsvLanguage => v === 'fr' || v === 'en' || v === 'es';

interface Labels {
  headers: [date: string, type: string, detail: string, amount: string, balance: string];
  kinds: Record<StatementKind, string>;
  areas: Record<Area, string>;
  status: Record<string, string>;
  /** A paid withdrawal's transaction (decision 057). */
  payout: { transaction: string; unverified: string; confirmations: string };
}

/**
 * The file is read outside the app (a spreadsheet), so its words are translated here, on the server;
 * the data export's PDF statement names its operations with the same words.
 */
export const statementLabels: Record<CsvLanguage, Labels> = {
  fr: {
    headers: ['Date (UTC)', 'Opération', 'Détail', 'Montant (USD)', 'Solde (USD)'],
    kinds: {
      deposit: 'Dépôt',
      withdrawal: 'Retrait (montant réservé)',
      withdrawal_release: 'Retrait rejeté (montant restitué)',
      investment: 'Investissement',
      stop: 'Arrêt d’investissement',
      transfer_in: 'Transfert reçu',
      transfer_out: 'Transfert envoyé',
    },
    areas: { crypto: 'Crypto', trading: 'Trading', stocks: 'Actions', real_estate: 'Immobilier' },
    status: { pending: 'En attente', approved: 'Approuvé', rejected: 'Rejeté' },
    payout: { transaction: 'Transaction :', unverified: 'non vérifiée', confirmations: 'confirmations :' },
  },
  en: {
    headers: ['Date (UTC)', 'Operation', 'Detail', 'Amount (USD)', 'Balance (USD)'],
    kinds: {
      deposit: 'Deposit',
      withdrawal: 'Withdrawal (amount held)',
      withdrawal_release: 'Withdrawal rejected (amount released)',
      investment: 'Investment',
      stop: 'Investment stopped',
      transfer_in: 'Transfer received',
      transfer_out: 'Transfer sent',
    },
    areas: { crypto: 'Crypto', trading: 'Trading', stocks: 'Stocks', real_estate: 'Real estate' },
    status: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
    payout: { transaction: 'Transaction:', unverified: 'not verified', confirmations: 'confirmations:' },
  },
  es: {
    headers: ['Fecha (UTC)', 'Operación', 'Detalle', 'Importe (USD)', 'Saldo (USD)'],
    kinds: {
      deposit: 'Depósito',
      withdrawal: 'Retiro (importe reservado)',
      withdrawal_release: 'Retiro rechazado (importe devuelto)',
      investment: 'Inversión',
      stop: 'Inversión detenida',
      transfer_in: 'Transferencia recibida',
      transfer_out: 'Transferencia enviada',
    },
    areas: { crypto: 'Cripto', trading: 'Trading', stocks: 'Acciones', real_estate: 'Inmobiliario' },
    status: { pending: 'Pendiente', approved: 'Aprobado', rejected: 'Rechazado' },
    payout: { transaction: 'Transacción:', unverified: 'no verificada', confirmations: 'confirmaciones:' },
  },
};

/** Quotes every cell; text a spreadsheet would run as a formula (names are typed by people) is made inert. */
export function csvCell(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** "Transaction: <id> (confirmations: 3) <explorer link>", or "(not verified)". */
function payoutText(p: NonNullable<StatementLine['detail']['payout']>, l: Labels): string {
  const state = p.verified ? `${l.payout.confirmations} ${p.confirmations ?? 0}` : l.payout.unverified;
  return [`${l.payout.transaction} ${p.txid} (${state})`, p.explorerUrl ?? ''].filter(Boolean).join(' ');
}

function detailOf(line: StatementLine, l: Labels): string {
  const d = line.detail;
  if (d.area) return l.areas[d.area];
  if (d.counterpartyUid) return `${d.counterpartyName ?? ''} (${d.counterpartyUid})`.trim();
  if (d.crypto)
    return [d.crypto, d.status ? (l.status[d.status] ?? d.status) : '', d.payout ? payoutText(d.payout, l) : '']
      .filter(Boolean)
      .join(' · ');
  return '';
}

/**
 * How a spreadsheet of each language reads a file: French and Spanish ones split cells on ";"
 * (the comma is their decimal sign) and read "1250,50" as a number; English ones use "," and "1250.50".
 */
const conventions: Record<CsvLanguage, { separator: string; decimal: string }> = {
  fr: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
  es: { separator: ';', decimal: ',' },
};

/** "-1250.50" → -1250,50 (fr, es): unquoted and without thousands separators, so that it is read as a number. */
function csvNumber(decimal: string, lang: CsvLanguage): string {
  return decimal.replace('.', conventions[lang].decimal);
}

export function csvDocument(lines: StatementLine[], lang: CsvLanguage): string {
  const l = statementLabels[lang];
  const { separator } = conventions[lang];
  const rows = [l.headers.map((h) => csvCell(h)).join(separator)];
  for (const line of lines) {
    rows.push(
      [
        csvCell(line.at),
        csvCell(l.kinds[line.kind]),
        csvCell(detailOf(line, l)),
        csvNumber(line.amount, lang),
        csvNumber(line.balance, lang),
      ].join(separator),
    );
  }
  // The byte-order mark makes spreadsheets read the accents as UTF-8.
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
