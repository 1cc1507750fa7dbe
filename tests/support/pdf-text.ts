import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read the honest way: every content stream is inflated and the strings of
 * its text operators (Tj and TJ, hex or literal, one byte per character in the standard fonts'
 * WinAnsi encoding) are decoded, one line per operator. Enough for what our statements write.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const stream = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = stream.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const dict = raw.slice(raw.lastIndexOf('<<', m.index), m.index);
    let body = pdf.subarray(start, end);
    if (/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body, { finishFlush: 2 });
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    const ops = /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^()\\]|\\.)*\))\s*Tj/g;
    let op: RegExpExecArray | null;
    while ((op = ops.exec(content))) {
      const parts = (op[1] ?? op[2]!).match(/<[0-9a-fA-F]*>|\((?:[^()\\]|\\.)*\)/g) ?? [];
      lines.push(
        parts
          .map((p) =>
            p.startsWith('<')
              ? Buffer.from(p.slice(1, -1), 'hex').toString('latin1')
              : p.slice(1, -1).replace(/\\(.)/g, '$1'),
          )
          .join(''),
      );
    }
    stream.lastIndex = end;
  }
  return lines;
}
