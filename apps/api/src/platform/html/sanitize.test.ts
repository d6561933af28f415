import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from './sanitize';

/**
 * Known XSS vectors (in the style of the OWASP XSS Filter Evasion Cheat Sheet): every one must come out
 * without anything that runs script, loads foreign active content or restyles the page.
 */
const vectors = [
  '<script>alert(1)</script>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<<script>alert(1)//<</script>',
  '<script src="https://evil.example/x.js"></script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img """><script>alert("XSS")</script>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="//evil.example/x.png">',
  '<img src="http://evil.example/track.png">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<object type="text/x-scriptlet" data="https://evil.example/x.sct"></object>',
  '<embed src="javascript:alert(1)">',
  '<embed src="https://evil.example/x.swf">',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<div style="behavior: url(xss.htc)">x</div>',
  '<div style="-moz-binding: url(https://evil.example/x.xml#xss)">x</div>',
  '<p style="color: expression(alert(1))">x</p>',
  '<p style="position: fixed; top: 0; left: 0; width: 100%; height: 100%">overlay</p>',
  '<div style="x:\\65 xpression(alert(1))">x</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  "<style>@import 'javascript:alert(1)';</style>",
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<body onload=alert(1)>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<TABLE BACKGROUND="javascript:alert(1)"><tr><td>x</td></tr></TABLE>',
  '<td background="javascript:alert(1)">x</td>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<xss style="xss:expression(alert(1))">',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<isindex action="javascript:alert(1)" type="submit">',
  '<p class="MuiBackdrop-root">x</p>',
  '<span id="root" name="x" data-x="1">x</span>',
];

/**
 * Elements that run script, load foreign active content, submit forms or restyle the page: none may come out.
 * (Behaviour, not the allow-list copied: the allow-list itself is sanitize.ts's to keep.)
 */
const ACTIVE_TAGS = new Set(
  'script style link meta base object embed applet frame frameset form input button textarea select option svg math template video audio source track marquee isindex xss body html head title noscript'.split(
    ' ',
  ),
);

type El = { type: string; name?: string; attribs?: Record<string, string>; children?: El[] };
function* elements(node: El): Generator<El> {
  for (const child of node.children ?? []) {
    if (child.type === 'tag' || child.type === 'script' || child.type === 'style') yield child;
    yield* elements(child);
  }
}

/** Every element, attribute and URL of the output (parsed, entities decoded) is on the allow-list. */
function assertSafe(out: string) {
  const doc = parseDocument(out, { decodeEntities: true }) as unknown as El;
  for (const el of elements(doc)) {
    expect(ACTIVE_TAGS.has(el.name ?? ''), `tag <${el.name}> in ${out}`).toBe(false);
    for (const [name, value] of Object.entries(el.attribs ?? {})) {
      expect(name.startsWith('on'), `handler ${name} in ${out}`).toBe(false);
      expect(['id', 'name', 'srcdoc', 'background', 'formaction', 'action', 'data'].includes(name)).toBe(
        false,
      );
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore control characters in URLs
      const v = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      expect(v, `${name} in ${out}`).not.toMatch(/^(javascript|vbscript|data):/);
      expect(v).not.toMatch(/expression\(|url\(|behavior|binding|position/);
      if (name === 'src') expect(v).toMatch(/^(https:\/\/[^/]|\/api\/question-bank\/images\/\d+$)/);
      if (name === 'class') expect(value).toMatch(/^language-/);
    }
    if (el.name === 'iframe')
      expect(el.attribs?.src).toMatch(/^https:\/\/(www\.youtube(-nocookie)?\.com|player\.vimeo\.com)\//);
  }
  expect(out.toLowerCase()).not.toContain('<script');
  expect(out).not.toMatch(/alert\(1\)<\/script>|onerror=|onload=/i);
}

describe('sanitizeRichHtml: known XSS vectors', () => {
  it.each(vectors)('%s', (vector) => {
    assertSafe(sanitizeRichHtml(vector));
  });
  it('is idempotent on its own output', () => {
    for (const v of vectors) {
      const once = sanitizeRichHtml(v);
      expect(sanitizeRichHtml(once)).toBe(once);
    }
  });
});

describe('sanitizeRichHtml: what authors write survives', () => {
  it('formatting, lists, tables and links', () => {
    const html =
      '<h2>Title</h2><p><strong>bold</strong> <em>it</em> <u>u</u> H<sub>2</sub>O x<sup>2</sup></p><ul><li>a</li></ul><ol start="3"><li>b</li></ol><table><tbody><tr><td colspan="2">c</td></tr></tbody></table><pre><code class="language-js">let a = 1 &lt; 2;</code></pre>';
    expect(sanitizeRichHtml(html)).toBe(html);
  });
  it('links to a new tab get rel=noopener noreferrer', () => {
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
  it('own images, https images, YouTube iframes and alignment styles', () => {
    expect(sanitizeRichHtml('<img src="/api/question-bank/images/12" alt="graph">')).toBe(
      '<img src="/api/question-bank/images/12" alt="graph" />',
    );
    expect(sanitizeRichHtml('<img src="/api/students/1/picture">')).toBe('');
    expect(sanitizeRichHtml('<img src="https://cdn.example/a.png">')).toBe(
      '<img src="https://cdn.example/a.png" />',
    );
    expect(sanitizeRichHtml('<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>')).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>',
    );
    expect(sanitizeRichHtml('<p style="text-align:center;color:#336699">x</p>')).toBe(
      '<p style="text-align:center;color:#336699">x</p>',
    );
  });
  it('text and LaTeX inside HTML stay as typed (entities kept escaped)', () => {
    expect(sanitizeRichHtml('<p>$x^2 &lt; 4$ and \\(a+b\\)</p>')).toBe('<p>$x^2 &lt; 4$ and \\(a+b\\)</p>');
    expect(sanitizeRichHtml(null)).toBe('');
  });
});
