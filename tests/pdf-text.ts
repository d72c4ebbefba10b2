import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFPageLeaf, PDFRawStream, type PDFRef } from 'pdf-lib';

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
  return chunks
    .flatMap((c) => [...c.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1')))
    .join('\n');
}

export interface PdfPage {
  /** Page size in points (A4 portrait is 595 × 842). */
  width: number;
  height: number;
  /** The page's text, one line per baseline, runs on a line joined by one space. */
  text: string;
}

/** Glyph code → text, from a font's ToUnicode CMap (bfchar and bfrange entries). */
type CMap = { bytes: number; map: Map<number, string> };

const utf16 = (hex: string): string => {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

function parseCMap(source: string): CMap {
  const map = new Map<number, string>();
  const range = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(source);
  const bytes = range ? range[1]!.length / 2 : 2;
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const target = m[3]!;
      if (target.startsWith('[')) {
        for (const [i, t] of [...target.matchAll(/<([0-9A-Fa-f]+)>/g)].entries()) map.set(lo + i, utf16(t[1]!));
      } else {
        const first = target.slice(1, -1);
        const head = first.slice(0, -4);
        const last = parseInt(first.slice(-4), 16);
        for (let code = lo; code <= hi; code++) map.set(code, utf16(head) + String.fromCharCode(last + code - lo));
      }
    }
  }
  return { bytes, map };
}

const streamText = (stream: PDFRawStream): string => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');

function fontsOf(resources: PDFDict | undefined): Map<string, CMap | undefined> {
  const fonts = new Map<string, CMap | undefined>();
  const dict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [name, value] of dict?.entries() ?? []) {
    const font = dict!.context.lookup(value);
    const toUnicode = font instanceof PDFDict ? font.lookup(PDFName.of('ToUnicode')) : undefined;
    fonts.set(name.decodeText(), toUnicode instanceof PDFRawStream ? parseCMap(streamText(toUnicode)) : undefined);
  }
  return fonts;
}

const TOKEN = /\/[^\s/[\]<>()%]+|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|\[|\]|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+/g;

function decodeString(token: string, cmap: CMap | undefined): string {
  if (token.startsWith('(')) return token.slice(1, -1).replace(/\\(.)/g, '$1');
  const hex = token.slice(1, -1).replace(/\s+/g, '');
  if (!cmap) return Buffer.from(hex, 'hex').toString('latin1');
  let out = '';
  for (let i = 0; i < hex.length; i += cmap.bytes * 2) out += cmap.map.get(parseInt(hex.slice(i, i + cmap.bytes * 2), 16)) ?? '';
  return out;
}

/**
 * Reads the text of a content stream (and of the form XObjects it draws) as lines: a run drawn at
 * a new baseline (Tm/Td/T* moving y) starts a new line.
 */
function readContent(source: string, resources: PDFDict | undefined, lines: string[][], state: { y: number | undefined }): void {
  const fonts = fontsOf(resources);
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  let font: CMap | undefined;
  let operands: string[] = [];
  let array: string[] | undefined;
  // Glyphs placed one by one along the baseline (Td without a y move, e.g. letter-spacing) belong
  // to one word; separate text objects on the same baseline are separate runs (a space between).
  let glue = ' ';
  const put = (text: string, y: number | undefined) => {
    if (!text) return;
    if (y === undefined || y !== state.y || lines.length === 0) lines.push([]);
    state.y = y;
    const line = lines[lines.length - 1]!;
    if (glue === '' && line.length) line[line.length - 1] += text;
    else line.push(text);
  };
  let y: number | undefined;
  for (const [token] of source.matchAll(TOKEN)) {
    if (token === '[') {
      array = [];
      continue;
    }
    if (token === ']') {
      operands.push(`[${array!.join('\u0000')}]`);
      array = undefined;
      continue;
    }
    if (array) {
      if (token.startsWith('<') || token.startsWith('(')) array.push(token);
      continue;
    }
    if (/^[A-Za-z'"*]+$/.test(token)) {
      switch (token) {
        case 'Tf':
          font = fonts.get(operands[0]!.slice(1));
          break;
        case 'Tm':
          y = Number(operands[5]);
          glue = ' ';
          break;
        case 'Td':
        case 'TD':
          y = (y ?? 0) + Number(operands[1]);
          glue = Number(operands[1]) === 0 ? '' : ' ';
          break;
        case 'T*':
          y = (y ?? 0) - 1;
          glue = ' ';
          break;
        case 'BT':
          y = undefined;
          glue = ' ';
          break;
        case 'Tj':
        case "'":
        case '"':
          put(decodeString(operands[operands.length - 1]!, font), y);
          break;
        case 'TJ':
          put(
            operands[0]!
              .slice(1, -1)
              .split('\u0000')
              .filter(Boolean)
              .map((s) => decodeString(s, font))
              .join(''),
            y,
          );
          break;
        case 'Do': {
          const xobject = xobjects?.lookup(PDFName.of(operands[0]!.slice(1)));
          if (xobject instanceof PDFRawStream && xobject.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form')) {
            readContent(streamText(xobject), xobject.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources, lines, state);
          }
          break;
        }
      }
      operands = [];
      continue;
    }
    operands.push(token);
  }
}

/** Page sizes and text of any PDF with ToUnicode maps, e.g. one printed by Chromium (page.pdf()). */
export async function pdfPages(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const { width, height } = page.getSize();
    const node: PDFPageLeaf = page.node;
    const contents = node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents
            .asArray()
            .map((ref) => doc.context.lookup(ref as PDFRef))
            .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
        : contents instanceof PDFRawStream
          ? [contents]
          : [];
    const lines: string[][] = [];
    const state = { y: undefined as number | undefined };
    for (const stream of streams) readContent(streamText(stream), node.Resources(), lines, state);
    // NFKC turns the font's ligature glyphs (ﬁ) back into their letters.
    return {
      width,
      height,
      text: lines
        .map((runs) => runs.join(' ').normalize('NFKC').replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    };
  });
}
