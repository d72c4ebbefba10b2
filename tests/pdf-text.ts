import { inflateSync } from 'node:zlib';

/**
 * The text drawn on a pdf-lib PDF: page content streams are Flate-compressed and standard-font
 * text is written as hex strings before Tj, so inflating the streams is enough to read it back.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const chunks: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = raw[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = raw.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    try {
      chunks.push(inflateSync(raw.subarray(bodyStart, end)).toString('latin1'));
    } catch {
      chunks.push(raw.subarray(bodyStart, end).toString('latin1'));
    }
    at = end + 9;
  }
  return chunks.flatMap((c) => [...c.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'))).join('\n');
}
