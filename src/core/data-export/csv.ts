import { toDecimalString, type Cents } from '../money';

/**
 * The two CSV forms of the data export (decision 038): `rfc4180` (comma, "." decimals, CRLF, as
 * RFC 4180 writes it) for programs, and `fr` (semicolon, decimal comma, UTF-8 byte-order mark) for
 * French spreadsheets. Amounts are written from integer cents, never through a float. Only the
 * spreadsheet form guards against formulas: a program reads the exact text (decision 049).
 */
export type CsvForm = 'rfc4180' | 'fr';

/** A cell: text, a whole number, a yes/no, an amount in cents, or empty. */
export type CsvValue = string | number | boolean | null | { cents: Cents };

export interface CsvTable {
  headers: string[];
  rows: CsvValue[][];
}

const separators: Record<CsvForm, string> = { rfc4180: ',', fr: ';' };

/**
 * Text a spreadsheet would run as a formula is made inert with a leading apostrophe in the
 * spreadsheet form; the form for programs keeps it exact, as data.json does.
 */
function textCell(value: string, form: CsvForm): string {
  const separator = separators[form];
  const safe = form === 'fr' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvValue(value: CsvValue, form: CsvForm): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('CSV numbers are integers');
    return String(value);
  }
  if (typeof value === 'object') {
    const decimal = toDecimalString(value.cents);
    return form === 'fr' ? decimal.replace('.', ',') : decimal;
  }
  return textCell(value, form);
}

/** One CSV document; the French form starts with a byte-order mark so that spreadsheets read UTF-8. */
export function csvDocument(table: CsvTable, form: CsvForm): string {
  const separator = separators[form];
  const lines = [table.headers.map((h) => csvValue(h, form)).join(separator)];
  for (const row of table.rows) {
    if (row.length !== table.headers.length) throw new RangeError('a row does not match the headers');
    lines.push(row.map((v) => csvValue(v, form)).join(separator));
  }
  return `${form === 'fr' ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

/** Reads back a document this module wrote (tests and verifiers): rows of raw cell text. */
export function parseCsv(text: string, form: CsvForm): string[][] {
  const separator = separators[form];
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
