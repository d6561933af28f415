import sharp from 'sharp';

/** File-store key prefix of the demo question images (db/seed/demo-question-bank.ts records them). */
export const DEMO_IMAGE_PREFIX = 'demo/question-bank/';

const frame = (body: string, w = 320, h = 200) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<rect width="${w}" height="${h}" fill="#ffffff"/>${body}</svg>`;
const label = (x: number, y: number, text: string, size = 16) =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" fill="#1f2937">${text}</text>`;

/** The demo pictures by file name: small diagrams a newcomer recognises in a question. */
const drawings: Record<string, () => string> = {
  'triangle.png': () =>
    frame(
      `<polygon points="40,170 280,170 40,30" fill="#dbeafe" stroke="#1d4ed8" stroke-width="3"/>` +
        label(150, 192, '8 cm') +
        label(4, 105, '6 cm') +
        label(170, 95, '?'),
    ),
  'circle.png': () =>
    frame(
      `<circle cx="160" cy="100" r="70" fill="#dcfce7" stroke="#15803d" stroke-width="3"/>` +
        `<line x1="160" y1="100" x2="230" y2="100" stroke="#15803d" stroke-width="3"/>` +
        label(180, 92, 'r = 7'),
    ),
  'bar-chart.png': () =>
    frame(
      [40, 90, 60, 120]
        .map((v, i) => `<rect x="${40 + i * 65}" y="${170 - v}" width="40" height="${v}" fill="#f59e0b"/>`)
        .join('') +
        `<line x1="30" y1="170" x2="300" y2="170" stroke="#1f2937" stroke-width="2"/>` +
        ['Q1', 'Q2', 'Q3', 'Q4'].map((q, i) => label(48 + i * 65, 190, q, 14)).join(''),
    ),
  'graph.png': () =>
    frame(
      `<line x1="20" y1="180" x2="300" y2="180" stroke="#6b7280"/><line x1="40" y1="10" x2="40" y2="195" stroke="#6b7280"/>` +
        `<polyline points="40,180 90,150 140,110 190,90 240,50 290,20" fill="none" stroke="#dc2626" stroke-width="3"/>` +
        label(250, 195, 'time', 13) +
        label(46, 22, 'speed', 13),
    ),
  'circuit.png': () =>
    frame(
      `<rect x="50" y="40" width="220" height="120" fill="none" stroke="#1f2937" stroke-width="3"/>` +
        `<rect x="140" y="28" width="40" height="24" fill="#fde68a" stroke="#1f2937" stroke-width="2"/>` +
        `<line x1="45" y1="90" x2="55" y2="90" stroke="#1f2937" stroke-width="6"/>` +
        label(146, 22, '4 Ω', 14) +
        label(62, 95, '12 V', 14),
    ),
  'cell.png': () =>
    frame(
      `<ellipse cx="160" cy="100" rx="130" ry="80" fill="#fce7f3" stroke="#be185d" stroke-width="3"/>` +
        `<circle cx="170" cy="95" r="28" fill="#c4b5fd" stroke="#6d28d9" stroke-width="2"/>` +
        label(150, 150, 'A', 18) +
        label(164, 100, 'B', 18),
    ),
};

/** The demo image names, for the seed. */
export const demoImageNames = Object.keys(drawings);

/** Draws a demo image (PNG) by file name; an unknown name gets a plain labelled tile. */
export async function demoImagePng(fileName: string): Promise<Buffer> {
  const svg = (drawings[fileName] ?? (() => frame(label(20, 100, fileName.replace(/[<>&"]/g, '')))))();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
