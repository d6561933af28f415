import type { Grey, Pt } from './geometry';

/** A dark connected region of the page. */
type Blob = { area: number; cx: number; cy: number; minX: number; maxX: number; minY: number; maxY: number };

/**
 * Ink mask with a threshold taken from each pixel's neighbourhood (Bradley: darker than 70 % of the local mean
 * over a window of a sixth of the image), so uneven light or a shadow across a phone photo does not hide a marker.
 */
export function inkMask(img: Grey): Uint8Array {
  const { data, width: w, height: h } = img;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
    }
  }
  const r = Math.max(8, Math.round(Math.min(w, h) / 12));
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const sum =
        integral[y1 * (w + 1) + x1] -
        integral[y0 * (w + 1) + x1] -
        integral[y1 * (w + 1) + x0] +
        integral[y0 * (w + 1) + x0];
      const mean = sum / ((x1 - x0) * (y1 - y0));
      if (data[y * w + x] < mean * 0.7 && data[y * w + x] < 170) mask[y * w + x] = 1;
    }
  }
  return mask;
}

function blobs(mask: Uint8Array, w: number, h: number, minArea: number): Blob[] {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const out: Blob[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let minX = w;
    let maxX = 0;
    let minY = h;
    let maxY = 0;
    while (top) {
      const p = stack[--top];
      const x = p % w;
      const y = (p - x) / w;
      area += 1;
      sx += x;
      sy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      const push = (q: number) => {
        if (mask[q] && !seen[q]) {
          seen[q] = 1;
          stack[top++] = q;
        }
      };
      if (x > 0) push(p - 1);
      if (x < w - 1) push(p + 1);
      if (y > 0) push(p - w);
      if (y < h - 1) push(p + w);
    }
    if (area >= minArea) out.push({ area, cx: sx / area, cy: sy / area, minX, maxX, minY, maxY });
  }
  return out;
}

/** Solid: squarish, and the middle half of its box is (nearly) all ink (a QR or a text line is not). */
function isSolidSquare(b: Blob, mask: Uint8Array, w: number): boolean {
  const bw = b.maxX - b.minX + 1;
  const bh = b.maxY - b.minY + 1;
  if (bw / bh > 1.8 || bh / bw > 1.8) return false;
  if (b.area / (bw * bh) < 0.45) return false;
  let ink = 0;
  let n = 0;
  for (let y = Math.round(b.cy - bh / 4); y <= Math.round(b.cy + bh / 4); y++)
    for (let x = Math.round(b.cx - bw / 4); x <= Math.round(b.cx + bw / 4); x++) {
      n += 1;
      ink += mask[y * w + x];
    }
  return n > 0 && ink / n >= 0.9;
}

export type MarkerFind = { corners: [Pt, Pt, Pt, Pt]; sizeRatio: number } | { error: 'noMarkers' };

/**
 * The four corner markers: the four largest solid squares, in the image's clockwise order starting at the one
 * nearest the image's top-left. Which of them is the page's top-left is decided later (the orientation mark).
 * `sizeRatio` (smallest / largest marker area) says how well they agree (a cut-off corner makes it small).
 */
export function findMarkers(full: Grey): MarkerFind {
  // Markers are large (9 mm): found on a copy shrunk to about 700 px, then scaled back (a quarter of the work).
  const k = Math.max(1, Math.floor(Math.max(full.width, full.height) / 700));
  const img = k > 1 ? shrink(full, k) : full;
  const { width: w, height: h } = img;
  const mask = inkMask(img);
  const minArea = Math.max(12, (w * h) / 20_000);
  const found = blobs(mask, w, h, minArea)
    .filter((b) => b.area < (w * h) / 40 && isSolidSquare(b, mask, w))
    .sort((a, b) => b.area - a.area);
  if (found.length < 4) return { error: 'noMarkers' };
  const four = found.slice(0, 4);
  const sizeRatio = four[3].area / four[0].area;
  // A fifth solid square nearly as large as the fourth: the page is not ours (or a marker is missing).
  if (sizeRatio < 0.35 || (found[4] && found[4].area > four[3].area * 0.8)) return { error: 'noMarkers' };
  const mx = four.reduce((s, b) => s + b.cx, 0) / 4;
  const my = four.reduce((s, b) => s + b.cy, 0) / 4;
  const byAngle = four
    .map((b) => ({ x: b.cx, y: b.cy, a: Math.atan2(b.cy - my, b.cx - mx) }))
    .sort((p, q) => p.a - q.a);
  // atan2 sorts clockwise in image coordinates (y down); start at the one nearest the top-left
  let first = 0;
  for (let i = 1; i < 4; i++)
    if (byAngle[i].x + byAngle[i].y < byAngle[first].x + byAngle[first].y) first = i;
  const scale = (p: Pt): Pt => ({ x: (p.x + 0.5) * k - 0.5, y: (p.y + 0.5) * k - 0.5 });
  const ordered = [0, 1, 2, 3].map((i) => {
    const p = byAngle[(first + i) % 4];
    return scale(p);
  }) as [Pt, Pt, Pt, Pt];
  return { corners: ordered, sizeRatio };
}

/** The image shrunk k times (mean of each k×k box). */
function shrink(img: Grey, k: number): Grey {
  const w = Math.floor(img.width / k);
  const h = Math.floor(img.height / k);
  const out = new Uint8Array(w * h);
  const n = k * k;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < k; dy++) {
        const row = (y * k + dy) * img.width + x * k;
        for (let dx = 0; dx < k; dx++) sum += img.data[row + dx];
      }
      out[y * w + x] = sum / n;
    }
  return { data: out, width: w, height: h };
}
