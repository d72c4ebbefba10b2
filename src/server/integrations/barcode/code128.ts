import { toSVG } from 'bwip-js/node';

/**
 * A Code 128 barcode of `text` as an SVG element for a printed label (bwip-js, rendered on the
 * server: no script on the label page). The human-readable text is printed beside it by the page,
 * so the SVG carries only the bars, named for screen readers.
 */
export function code128Svg(text: string, label: string): string {
  const svg = toSVG({ bcid: 'code128', text, height: 12, scale: 2, includetext: false, paddingwidth: 0 });
  const name = label.replace(/[<>&"]/g, '');
  return svg.replace('<svg ', `<svg role="img" aria-label="${name}" preserveAspectRatio="none" `);
}
