import type { PageLayout, SheetText } from './layout';
import { type DrawOp, pageOps, type SheetLayout } from './layout';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One page as SVG (mm units) from the same primitives as the PDF: the raster the reader's tests, the bench and
 * the console's preview use (sharp renders it). `extra` is drawn over the page (the generator's pen marks).
 */
export function pageSvg(
  layout: SheetLayout,
  page: PageLayout,
  text: SheetText,
  qr: boolean[][],
  extra = '',
  studentLine?: string,
  dpi = 150,
): string {
  const parts = pageOps(layout, page, text, qr, studentLine).map((o: DrawOp) => {
    if (o.op === 'rect')
      return o.fill
        ? `<rect x="${o.x}" y="${o.y}" width="${o.w}" height="${o.h}" fill="#000"/>`
        : `<rect x="${o.x}" y="${o.y}" width="${o.w}" height="${o.h}" fill="none" stroke="#000" stroke-width="${o.lineWidth ?? 0.3}"/>`;
    if (o.op === 'circle')
      return `<circle cx="${o.x}" cy="${o.y}" r="${o.r}" fill="none" stroke="#000" stroke-width="${o.lineWidth}"/>`;
    const size = (o.size * 25.4) / 72;
    return `<text x="${o.x}" y="${o.y + size * 0.8}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" ${
      o.bold ? 'font-weight="bold"' : ''
    } ${o.align === 'center' ? 'text-anchor="middle"' : ''} fill="${o.light ? '#b0b0b0' : '#000'}">${esc(o.text)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round((layout.width / 25.4) * dpi)}" height="${Math.round((layout.height / 25.4) * dpi)}" viewBox="0 0 ${layout.width} ${layout.height}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}${extra}</svg>`;
}
