import sanitizeHtml from 'sanitize-html';

/**
 * The one HTML allow-list of the API: rich text (question content of type HTML, and any later area that
 * stores author HTML) is sanitised with it BEFORE it is stored, so what the database holds is safe to
 * render as is in the console, the player and the evaluation.
 *
 * Kept: text formatting, lists, tables, headings, links (http/https/mailto; target=_blank gets
 * rel="noopener noreferrer"), images from our own image route or https, iframes from YouTube and Vimeo
 * only, and the inline styles text-align / color / background-color with literal values.
 * Dropped: script/style/noscript/template content, every other element (object, embed, form, input, meta,
 * base, link, svg, math ...), event handlers and every attribute not listed, javascript:/vbscript:/data:
 * and protocol-relative URLs, CSS other than the listed properties (no expression(), url(), behavior).
 */

/** Our own question images: the path the image route serves (apps/api question-bank module). */
const OWN_IMAGE = /^\/api\/question-bank\/images\/\d+$/;
const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'mark',
    'sub',
    'sup',
    'small',
    'code',
    'pre',
    'kbd',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'type'],
    code: ['class'],
    pre: ['class'],
    '*': ['style'],
  },
  allowedClasses: { code: ['language-*'], pre: ['language-*'] },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify|start|end)$/],
      color: COLOR,
      'background-color': COLOR,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe'],
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim();
      const ok = OWN_IMAGE.test(src) || /^https:\/\/[^/]/i.test(src);
      const out = { ...attribs };
      if (ok) out.src = src;
      else delete out.src;
      return { tagName, attribs: out };
    },
  },
  // An image or iframe without a usable source (refused scheme or host) is dropped entirely.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
};

/** Sanitises author HTML with the allow-list above; '' for null/undefined. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, options).trim();
}
