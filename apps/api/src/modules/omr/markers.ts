import type { Grey, Pt } from './geometry';

/** A dark connected region of the page. */
type Blob = { area: number; cx: number; cy: number; minX: number; maxX: number; minY: number; maxY: number };

/**
 * Ink mask with a threshold taken from each pixel's neighbourhood (Bradley: darker than 70 % of the local mean
 * over a window of a sixth of the image), so uneven light or a shadow across a phone photo does not hide a marker.
 * One pass over an integral image (typed arrays, no per-pixel calls): a few milliseconds on the marker image.
 */
export function inkMask(img: Grey): Uint8Array {
  const { data, width: w, height: h } = img;
  const W = w + 1;
  // sums of at most 2^31 / 255 ≈ 8.4 M pixels fit a 32-bit integer (the marker image is far smaller)
  const integral = w * h < 8_000_000 ? new Int32Array(W * (h + 1)) : new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    const src = y * w;
    const up = y * W + 1;
    const out = up + W;
    for (let x = 0; x < w; x++) {
      row += data[src + x];
      integral[out + x] = integral[up + x] + row;
    }
  }
  const r = Math.max(8, Math.round(Math.min(w, h) / 12));
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = (y > r ? y - r : 0) * W;
    const y1 = (y + r + 1 < h ? y + r + 1 : h) * W;
    const rows = (y1 - y0) / W;
    const src = y * w;
    for (let x = 0; x < w; x++) {
      const v = data[src + x];
      if (v >= 170) continue;
      const x0 = x > r ? x - r : 0;
      const x1 = x + r + 1 < w ? x + r + 1 : w;
      const sum = integral[y1 + x1] - integral[y0 + x1] - integral[y1 + x0] + integral[y0 + x0];
      if (v * (x1 - x0) * rows < sum * 0.7) mask[src + x] = 1;
    }
  }
  return mask;
}

/** Connected regions of the mask (4-neighbours) of at least minArea and below maxArea pixels. */
function blobs(mask: Uint8Array, w: number, h: number, minArea: number, maxArea: number): Blob[] {
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
      const y = (p / w) | 0;
      const x = p - y * w;
      area += 1;
      sx += x;
      sy += y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0 && mask[p - 1] && !seen[p - 1]) {
        seen[p - 1] = 1;
        stack[top++] = p - 1;
      }
      if (x < w - 1 && mask[p + 1] && !seen[p + 1]) {
        seen[p + 1] = 1;
        stack[top++] = p + 1;
      }
      if (y > 0 && mask[p - w] && !seen[p - w]) {
        seen[p - w] = 1;
        stack[top++] = p - w;
      }
      if (y < h - 1 && mask[p + w] && !seen[p + w]) {
        seen[p + w] = 1;
        stack[top++] = p + w;
      }
    }
    if (area >= minArea && area < maxArea)
      out.push({ area, cx: sx / area, cy: sy / area, minX, maxX, minY, maxY });
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

/** The marker search runs on a copy whose longer side is about this (a 9 mm marker stays ≥ 10 px across). */
const SEARCH_SIDE = 560;

/**
 * The four corner markers: the four largest solid squares, in the image's clockwise order starting at the one
 * nearest the image's top-left. Which of them is the page's top-left is decided later (the orientation mark).
 * `sizeRatio` (smallest / largest marker area) says how well they agree (a cut-off corner makes it small).
 * Found on a shrunk copy (markers are large), then each centre refined on the full image around it.
 */
export function findMarkers(full: Grey): MarkerFind {
  const k = Math.max(1, Math.round(Math.max(full.width, full.height) / SEARCH_SIDE));
  const img = k > 1 ? shrink(full, k) : full;
  const { width: w, height: h } = img;
  const mask = inkMask(img);
  const minArea = Math.max(12, (w * h) / 20_000);
  const found = blobs(mask, w, h, minArea, (w * h) / 40)
    .filter((b) => isSolidSquare(b, mask, w))
    .sort((a, b) => b.area - a.area);
  if (found.length < 4) return { error: 'noMarkers' };
  const four = found.slice(0, 4);
  const sizeRatio = four[3].area / four[0].area;
  // A fifth solid square nearly as large as the fourth: the page is not ours (or a marker is missing).
  if (sizeRatio < 0.35 || (found[4] && found[4].area > four[3].area * 0.8)) return { error: 'noMarkers' };
  const mx = four.reduce((s, b) => s + b.cx, 0) / 4;
  const my = four.reduce((s, b) => s + b.cy, 0) / 4;
  const byAngle = four
    .map((b) => ({ b, a: Math.atan2(b.cy - my, b.cx - mx) }))
    .sort((p, q) => p.a - q.a)
    .map((p) => p.b);
  // atan2 sorts clockwise in image coordinates (y down); start at the one nearest the top-left
  let first = 0;
  for (let i = 1; i < 4; i++)
    if (byAngle[i].cx + byAngle[i].cy < byAngle[first].cx + byAngle[first].cy) first = i;
  const ordered = [0, 1, 2, 3].map((i) => refine(full, byAngle[(first + i) % 4], k)) as [Pt, Pt, Pt, Pt];
  return { corners: ordered, sizeRatio };
}

/**
 * A marker's centre on the full image: the centroid of the pixels darker than halfway between the darkest and the
 * lightest in the blob's box (grown by one search pixel), so the shrunk copy's coarse grid does not shift it.
 */
function refine(full: Grey, b: Blob, k: number): Pt {
  const { data, width } = full;
  const x0 = Math.max(0, (b.minX - 1) * k);
  const x1 = Math.min(full.width, (b.maxX + 2) * k);
  const y0 = Math.max(0, (b.minY - 1) * k);
  const y1 = Math.min(full.height, (b.maxY + 2) * k);
  let lo = 255;
  let hi = 0;
  for (let y = y0; y < y1; y++)
    for (let i = y * width + x0, end = y * width + x1; i < end; i++) {
      const v = data[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  const mid = (lo + hi) / 2;
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0, i = y * width + x0; x < x1; x++, i++)
      if (data[i] < mid) {
        n += 1;
        sx += x;
        sy += y;
      }
  return n > 0 ? { x: sx / n, y: sy / n } : { x: (b.cx + 0.5) * k - 0.5, y: (b.cy + 0.5) * k - 0.5 };
}

/** The image shrunk k times (mean of each k×k box). */
function shrink(img: Grey, k: number): Grey {
  const w = Math.floor(img.width / k);
  const h = Math.floor(img.height / k);
  const sums = new Uint32Array(w);
  const out = new Uint8Array(w * h);
  const n = k * k;
  const src = img.data;
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    for (let dy = 0; dy < k; dy++) {
      let i = (y * k + dy) * img.width;
      for (let x = 0; x < w; x++)
        for (let dx = 0; dx < k; dx++) {
          sums[x] += src[i];
          i += 1;
        }
    }
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = sums[x] / n;
  }
  return { data: out, width: w, height: h };
}
