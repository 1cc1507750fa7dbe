import type { AuditRowView } from '../../../contracts/backoffice';
import { csvCell, type CsvLanguage } from '../portfolio/statement.csv';

/** Read in a spreadsheet, so its words are translated here, on the server, like the statement's. */
const labels: Record<CsvLanguage, { headers: string[]; results: Record<string, string> }> = {
  fr: {
    headers: [
      'Date (UTC)',
      'Auteur',
      'UID de l’auteur',
      'E-mail de l’auteur',
      'Action',
      'Type de cible',
      'Cible',
      'UID de la cible',
      'Résultat',
      'Adresse IP',
      'Navigateur',
      'Avant',
      'Après',
    ],
    results: { ok: 'Réussi', failed: 'Échoué', refused: 'Refusé' },
  },
  en: {
    headers: [
      'Date (UTC)',
      'Actor',
      'Actor UID',
      'Actor e-mail',
      'Action',
      'Target type',
      'Target',
      'Target UID',
      'Result',
      'IP address',
      'Browser',
      'Before',
      'After',
    ],
    results: { ok: 'Succeeded', failed: 'Failed', refused: 'Refused' },
  },
  es: {
    headers: [
      'Fecha (UTC)',
      'Autor',
      'UID del autor',
      'Correo del autor',
      'Acción',
      'Tipo de objetivo',
      'Objetivo',
      'UID del objetivo',
      'Resultado',
      'Dirección IP',
      'Navegador',
      'Antes',
      'Después',
    ],
    results: { ok: 'Correcto', failed: 'Fallido', refused: 'Rechazado' },
  },
};

/**
 * French and Spanish spreadsheets split cells on ";" (the comma is their decimal sign), English
 * ones on ","; the trail holds no amounts of its own, so only the separator changes. Amounts
 * inside before/after stay as the JSON the row recorded (dot decimals, quoted as text).
 */
const separators: Record<CsvLanguage, string> = { fr: ';', en: ',', es: ';' };

export function auditCsv(rows: AuditRowView[], lang: CsvLanguage): string {
  const l = labels[lang];
  const sep = separators[lang];
  const lines = [l.headers.map((h) => csvCell(h)).join(sep)];
  for (const r of rows) {
    lines.push(
      [
        r.at,
        r.actor.fullName ?? r.actor.id,
        r.actor.uid ?? '',
        r.actor.email ?? '',
        r.action,
        r.target.type,
        r.target.id,
        r.target.uid ?? '',
        l.results[r.result] ?? r.result,
        r.ip ?? '',
        r.userAgent ?? '',
        r.before ?? '',
        r.after ?? '',
      ]
        .map((c) => csvCell(c))
        .join(sep),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
