// KaTeX and its stylesheet (with the fonts it points at): loaded on demand by RichContent, so only the
// screens that show LaTeX content download them.
import 'katex/dist/katex.min.css';
import katex from 'katex';

export type TexResult = { html: string } | { error: string };

const cache = new Map<string, TexResult>();
const CACHE_MAX = 500;

/**
 * TeX → HTML. A formula that does not parse answers its error instead of throwing; `trust` stays off
 * (no \href, \url, \includegraphics or raw HTML from authors) and macro expansion is bounded.
 */
export function renderTex(tex: string, display: boolean): TexResult {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let result: TexResult;
  try {
    result = {
      html: katex.renderToString(tex, {
        displayMode: display,
        throwOnError: true,
        strict: 'ignore',
        trust: false,
        maxExpand: 1000,
        maxSize: 50,
        output: 'htmlAndMathml',
      }),
    };
  } catch (e) {
    result = { error: e instanceof Error ? e.message : String(e) };
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, result);
  return result;
}
