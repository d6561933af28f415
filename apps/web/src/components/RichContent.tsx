import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { TexResult } from './katexRender';
import { type MathSegment, splitMath } from './mathSegments';

/** How a stored text is written: plain text, text with LaTeX maths, or (server-sanitised) HTML. */
export type RichContentFormat = 'text' | 'latex' | 'html';

type KatexModule = { renderTex: (tex: string, display: boolean) => TexResult };
let katexModule: KatexModule | null = null;
let katexLoading: Promise<KatexModule> | null = null;

/** Starts loading KaTeX (and its CSS and fonts) ahead of time, e.g. when a LaTeX editor opens. */
export function preloadKatex(): Promise<KatexModule> {
  katexLoading ??= import('./katexRender').then((m) => {
    katexModule = m;
    return m;
  });
  return katexLoading;
}

function useKatex(needed: boolean): KatexModule | null {
  const [mod, setMod] = useState<KatexModule | null>(katexModule);
  useEffect(() => {
    if (!needed || mod) return;
    let live = true;
    preloadKatex().then(
      (m) => live && setMod(m),
      () => {
        // the chunk did not load (offline): the source stays shown; a later render may try again
        katexLoading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [needed, mod]);
  return mod;
}

function MathPiece({
  seg,
  katex,
  inline,
}: {
  seg: Extract<MathSegment, { kind: 'math' }>;
  katex: KatexModule | null;
  inline: boolean;
}) {
  const display = seg.display && !inline;
  if (!katex) return <span className="rich-math-pending">{seg.source}</span>;
  const r = katex.renderTex(seg.tex, display);
  if ('error' in r)
    return (
      <Box
        component="code"
        className="rich-math-error"
        title={r.error}
        sx={{ color: 'error.main', fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}
      >
        {seg.source}
      </Box>
    );
  return (
    <Box
      component={display ? 'div' : 'span'}
      className={display ? 'rich-math rich-math-display' : 'rich-math'}
      // KaTeX output of author TeX with trust off: no links, no raw HTML
      // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX's own markup
      dangerouslySetInnerHTML={{ __html: r.html }}
    />
  );
}

function LatexText({ value, inline }: { value: string; inline: boolean }) {
  const segments = useMemo(() => splitMath(value), [value]);
  const katex = useKatex(segments.some((s) => s.kind === 'math'));
  return (
    <>
      {segments.map((seg, i) =>
        seg.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <Fragment key={i}>{seg.text}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <MathPiece key={i} seg={seg} katex={katex} inline={inline} />
        ),
      )}
    </>
  );
}

/** Plain text of an HTML fragment for one-line places (grids). */
function htmlText(html: string): string {
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

const htmlStyles: SxProps<Theme> = {
  '& p': { m: 0, mb: 1 },
  '& p:last-child': { mb: 0 },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& ul, & ol': { my: 1, pl: 3 },
  '& table': { borderCollapse: 'collapse' },
  '& td, & th': { border: 1, borderColor: 'divider', px: 1 },
  '& a': { color: 'primary.main' },
};

export type RichContentProps = {
  value: string | null | undefined;
  format: RichContentFormat;
  /** One line (grid cells): display maths set inline, HTML as its text, no kept line breaks. */
  singleLine?: boolean;
  sx?: SxProps<Theme>;
  className?: string;
  'data-testid'?: string;
};

/**
 * Shows a question's text as a learner sees it, the same way in the editor's preview, the preview
 * dialog, the player and the evaluation: text as text (line breaks kept); LaTeX maths typed inside text
 * (`$…$`, `\(…\)`, `$$…$$`, `\[…\]`) through KaTeX, loaded on first use, with a formula that does not parse
 * shown as its source; HTML as the server stored it after sanitising it with its allow-list.
 */
export function RichContent({ value, format, singleLine = false, sx, className, ...rest }: RichContentProps) {
  if (!value) return null;
  const Tag = singleLine ? 'span' : 'div';
  const base: SxProps<Theme> = singleLine
    ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }
    : { whiteSpace: format === 'html' ? undefined : 'pre-wrap', overflowWrap: 'anywhere' };
  const cls = ['rich-content', `rich-content-${format}`, className].filter(Boolean).join(' ');
  if (format === 'html' && !singleLine)
    return (
      <Box
        component="div"
        className={cls}
        sx={[htmlStyles, base, ...(Array.isArray(sx) ? sx : [sx])]}
        data-testid={rest['data-testid']}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it with its allow-list before storing it
        dangerouslySetInnerHTML={{ __html: value }}
      />
    );
  return (
    <Box
      component={Tag}
      className={cls}
      sx={[base, ...(Array.isArray(sx) ? sx : [sx])]}
      data-testid={rest['data-testid']}
    >
      {format === 'latex' ? (
        <LatexText value={singleLine ? value.replace(/\s+/g, ' ') : value} inline={singleLine} />
      ) : format === 'html' ? (
        htmlText(value).replace(/\s+/g, ' ').trim()
      ) : singleLine ? (
        value.replace(/\s+/g, ' ')
      ) : (
        value
      )}
    </Box>
  );
}
