import { escapeHtml, type IxQuestion, type IxText } from './model';
import { attrs, isText, kids, local, type ONode, parseTree, tagOf, textOf } from './xml-tree';

/**
 * Maths between the formats and the bank: MathML (QTI items, Moodle HTML from an editor such as Atto's
 * equation editor or a MathType paste) becomes LaTeX in the delimiters the console renders (`\(…\)`, `\[…\]`
 * for display="block"), so E=mc² stays `E=mc^{2}`, not "E = m c 2"; LaTeX written for Moodle uses the
 * delimiters its MathJax filter renders by default (`\(…\)` inline, `$$…$$` display; a single `$` is not maths
 * there).
 */

const FUNCTIONS = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp lim max min sup inf det dim ker gcd deg arg Pr'.split(
    ' ',
  ),
);
const SYMBOLS: Record<string, string> = {
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\epsilon',
  ϵ: '\\epsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  π: '\\pi',
  ρ: '\\rho',
  σ: '\\sigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\phi',
  ϕ: '\\phi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Θ: '\\Theta',
  Λ: '\\Lambda',
  Ξ: '\\Xi',
  Π: '\\Pi',
  Σ: '\\Sigma',
  Φ: '\\Phi',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '∓': '\\mp',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '−': '-',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∝': '\\propto',
  '∼': '\\sim',
  '∞': '\\infty',
  '→': '\\rightarrow',
  '←': '\\leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '↔': '\\leftrightarrow',
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∮': '\\oint',
  '∂': '\\partial',
  '∇': '\\nabla',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∅': '\\emptyset',
  '∀': '\\forall',
  '∃': '\\exists',
  '¬': '\\neg',
  '∧': '\\wedge',
  '∨': '\\vee',
  '°': '^{\\circ}',
  '′': "'",
  '″': "''",
  '…': '\\ldots',
  '⋯': '\\cdots',
  '∠': '\\angle',
  '⊥': '\\perp',
  '∥': '\\parallel',
  '√': '\\surd',
  '{': '\\{',
  '}': '\\}',
  '%': '\\%',
  '#': '\\#',
  '&': '\\&',
  $: '\\$',
  _: '\\_',
  '\\': '\\backslash',
  '~': '\\sim',
  '\u00a0': '\\ ',
  // function application, invisible times and separator: nothing to write
  '\u2061': '',
  '\u2062': '',
  '\u2063': '',
};
const BIG = new Set([
  '\\sum',
  '\\prod',
  '\\int',
  '\\oint',
  '\\lim',
  '\\max',
  '\\min',
  '\\bigcup',
  '\\bigcap',
]);
const ACCENT_OVER: Record<string, string> = {
  '^': '\\hat',
  ˆ: '\\hat',
  '¯': '\\overline',
  '‾': '\\overline',
  '―': '\\overline',
  '→': '\\vec',
  '⃗': '\\vec',
  '~': '\\tilde',
  '˜': '\\tilde',
  '˙': '\\dot',
  '¨': '\\ddot',
};
const ACCENT_UNDER: Record<string, string> = { _: '\\underline', '‾': '\\underline', '¯': '\\underline' };

const symbols = (s: string) => [...s.trim()].map((c) => SYMBOLS[c] ?? c).join('');

/** Concatenates TeX pieces: a space only where a command would run into a letter (\alpha x). */
function join(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    out += /\\[A-Za-z]+$/.test(out) && /^[A-Za-z]/.test(p) ? ` ${p}` : p;
  }
  return out;
}
/** A script's base: braced unless it is one symbol, a command or a bracketed group. */
const base = (t: string) => (/^(\\[A-Za-z]+|.|\(.*\)|\[.*\])$/.test(t) ? t : `{${t}}`);

const elements = (n: ONode) => kids(n).filter((k) => !isText(k));

/** One MathML element (or text) as TeX. */
function tex(n: ONode): string {
  if (isText(n)) return symbols(String(n['#text']));
  const tag = local(tagOf(n));
  const el = elements(n);
  const all = () => join(kids(n).map(tex));
  const arg = (i: number) => (el[i] ? tex(el[i]) : '');
  const text = textOf(kids(n)).trim();
  switch (tag) {
    case 'mi':
      if (FUNCTIONS.has(text)) return `\\${text}`;
      if ([...text].length > 1) return `\\mathrm{${symbols(text)}}`;
      return symbols(text);
    case 'mn':
      return symbols(text);
    case 'mo':
      return FUNCTIONS.has(text) ? `\\${text}` : symbols(text);
    case 'mtext':
      return text ? `\\text{${text.replace(/[{}\\]/g, (c) => SYMBOLS[c])}}` : '\\ ';
    case 'mspace':
      return '\\ ';
    case 'msup':
      return `${base(arg(0))}^{${arg(1)}}`;
    case 'msub':
      return `${base(arg(0))}_{${arg(1)}}`;
    case 'msubsup':
      return `${base(arg(0))}_{${arg(1)}}^{${arg(2)}}`;
    case 'mfrac':
      return `${attrs(n).linethickness === '0' ? '\\binom' : '\\frac'}{${arg(0)}}{${arg(1)}}`;
    case 'msqrt':
      return `\\sqrt{${all()}}`;
    case 'mroot':
      return `\\sqrt[${arg(1)}]{${arg(0)}}`;
    case 'mfenced': {
      const a = attrs(n);
      const seps = [...(a.separators ?? ',').replace(/\s/g, '')];
      const inner = el.map(
        (e, i) => (i ? symbols(seps[Math.min(i - 1, seps.length - 1)] ?? '') : '') + tex(e),
      );
      return `${symbols(a.open ?? '(')}${join(inner)}${symbols(a.close ?? ')')}`;
    }
    case 'mover': {
      const [b, over] = [arg(0), textOf(kids(el[1] ?? {})).trim()];
      if (ACCENT_OVER[over]) return `${ACCENT_OVER[over]}{${b}}`;
      return BIG.has(b) ? `${b}^{${arg(1)}}` : `\\overset{${arg(1)}}{${b}}`;
    }
    case 'munder': {
      const [b, under] = [arg(0), textOf(kids(el[1] ?? {})).trim()];
      if (ACCENT_UNDER[under]) return `${ACCENT_UNDER[under]}{${b}}`;
      return BIG.has(b) ? `${b}_{${arg(1)}}` : `\\underset{${arg(1)}}{${b}}`;
    }
    case 'munderover':
      return `${base(arg(0))}_{${arg(1)}}^{${arg(2)}}`;
    case 'mtable':
      return `\\begin{matrix}${el.map((r) => elements(r).map(tex).join(' & ')).join(' \\\\ ')}\\end{matrix}`;
    case 'semantics': {
      const annotation = el.find(
        (e) => local(tagOf(e)) === 'annotation' && /tex/i.test(attrs(e).encoding ?? ''),
      );
      return annotation ? textOf(kids(annotation)).trim() : el[0] ? tex(el[0]) : '';
    }
    case 'annotation':
    case 'annotation-xml':
    case 'mphantom':
      return '';
    default:
      return all();
  }
}

/** A <math> element as TeX in the console's delimiters: `\[…\]` for display="block", else `\(…\)`. */
export function mathToTex(math: ONode): string {
  const body = tex(math).trim();
  if (!body) return '';
  return attrs(math).display === 'block' ? `\\[${body}\\]` : `\\(${body}\\)`;
}

/** MathML inside HTML (Moodle's editor) as TeX, HTML-escaped; a fragment that cannot be read stays as it is. */
export function mathmlInHtml(html: string): string {
  if (!/<(?:[\w-]+:)?math\b/i.test(html)) return html;
  return html.replace(/<((?:[\w-]+:)?math)\b[\s\S]*?<\/\1\s*>/gi, (fragment) => {
    try {
      const [math] = parseTree(fragment);
      return escapeHtml(mathToTex(math));
    } catch {
      return fragment;
    }
  });
}

/** LaTeX as Moodle renders it by default: `$…$` → `\(…\)`, `\[…\]` → `$$…$$` (`\(…\)` and `$$…$$` kept). */
export function moodleTex(text: string): string {
  return text
    .split(/(\$\$[\s\S]+?\$\$|\\\([\s\S]+?\\\))/)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_m, body: string) => `$$${body}$$`)
            .replace(
              /(^|[^\\$])\$(?=\S)([^$\n]*?[^\s\\$]|[^\s$\\])\$(?!\d)/g,
              (_m, before: string, body: string) => `${before}\\(${body}\\)`,
            ),
    )
    .join('');
}

/** A LaTeX question's texts with Moodle's delimiters (Moodle XML and GIFT export); others as they are. */
export function withMoodleTex(q: IxQuestion): IxQuestion {
  if (q.contentType !== 3) return q;
  const t = (x: IxText | null) => (x ? { ...x, text: moodleTex(x.text) } : x);
  return {
    ...q,
    text: t(q.text)!,
    choices: q.choices.map((c) => t(c)!),
    solution: t(q.solution),
    hint: t(q.hint),
  };
}
