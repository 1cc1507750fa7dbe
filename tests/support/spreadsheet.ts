/**
 * Reads a CSV file the way a spreadsheet set to `lang` opens it (LibreOffice's and Excel's import):
 * cells split on the language's list separator (";" in French and Spanish, "," in English),
 * double quotes around text, and an unquoted cell written as that language writes a number
 * ("-1250,50" in French, "-1250.50" in English) becomes a number. Anything else stays text, so a
 * number in the wrong convention shows up as a string, and a wrong separator as one wide cell.
 */
export type SpreadsheetCell = string | number;

export function readAsSpreadsheet(text: string, lang: 'fr' | 'en' | 'es'): SpreadsheetCell[][] {
  const separator = lang === 'en' ? ',' : ';';
  const number = lang === 'en' ? /^-?\d+(\.\d+)?$/ : /^-?\d+(,\d+)?$/;
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const cells: SpreadsheetCell[] = [];
      let rest = line;
      for (;;) {
        const quoted = /^"((?:[^"]|"")*)"/.exec(rest);
        const raw = quoted ? quoted[0] : rest.split(separator)[0]!;
        if (quoted) cells.push(quoted[1]!.replace(/""/g, '"'));
        else cells.push(number.test(raw) ? Number(raw.replace(',', '.')) : raw);
        rest = rest.slice(raw.length);
        if (rest === '') return cells;
        if (!rest.startsWith(separator)) throw new Error(`not a ${lang} spreadsheet row: ${line}`);
        rest = rest.slice(separator.length);
      }
    });
}
