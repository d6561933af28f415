// Layout facts the component tests assert in the real browser (text that must keep to one line at 1366 px).

/** The distinct line tops of an element's text: 1 when it does not wrap. */
export function textLines(el: Element): number {
  const tops = new Set<number>();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) tops.add(Math.round(r.top));
  }
  return tops.size;
}

/** The texts of the elements whose text wraps onto a second line (none, when the layout holds). */
export const wrappedTexts = (els: Element[]) => els.filter((e) => textLines(e) > 1).map((e) => e.textContent);
