import { describe, expect, it } from 'vitest';
import { renderTex } from './katexRender';

describe('renderTex', () => {
  it('renders inline and display maths', () => {
    const inline = renderTex('x^2', false);
    expect('html' in inline && inline.html).toContain('class="katex"');
    const display = renderTex('\\frac{a}{b}', true);
    expect('html' in display && display.html).toContain('katex-display');
  });

  it('answers the error of a malformed formula instead of throwing', () => {
    const r = renderTex('\\frac{a', false);
    expect('error' in r && r.error).toMatch(/KaTeX parse error/);
    expect(renderTex('\\unknowncommand', false)).toHaveProperty('error');
  });

  it('trusts no author markup: no links, no raw HTML, no class or style injection', () => {
    for (const tex of [
      '\\href{javascript:alert(1)}{x}',
      '\\url{javascript:alert(1)}',
      '\\htmlClass{x}{y}',
      '\\htmlStyle{color:red}{y}',
    ]) {
      const r = renderTex(tex, false);
      const html = 'html' in r ? r.html : '';
      // untrusted commands come out as (red) text of their source: never an element or an attribute
      expect(html).not.toMatch(/<a |href=|class="x"|style="color:red"/);
    }
  });

  it('bounds macro expansion', () => {
    const bomb = '\\def\\a{\\a\\a}\\a';
    expect(renderTex(bomb, false)).toHaveProperty('error');
  });
});
