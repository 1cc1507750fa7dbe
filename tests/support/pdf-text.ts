import { inflateSync } from 'node:zlib';

/** WinAnsi (Windows-1252): Latin-1, but for 0x80–0x9F (Node's TextDecoder reads those as Latin-1 too). */
const high = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  Array.from(bytes, (b) => (b >= 0x80 && b <= 0x9f ? high[b - 0x80]! : String.fromCharCode(b))).join('');

/**
 * The text a PDF shows, read the honest way: every content stream is inflated and the strings of
 * its text operators (Tj and TJ, hex or literal, one byte per character in the standard fonts'
 * WinAnsi encoding, Windows-1252) are decoded, one line per operator. Enough for what our statements write.
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
              ? winAnsi(Buffer.from(p.slice(1, -1), 'hex'))
              : winAnsi(Buffer.from(p.slice(1, -1).replace(/\\(.)/g, '$1'), 'latin1')),
          )
          .join(''),
      );
    }
    stream.lastIndex = end;
  }
  return lines;
}
