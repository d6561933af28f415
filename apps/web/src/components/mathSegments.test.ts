import { describe, expect, it } from 'vitest';
import { hasMath, type MathSegment, splitMath } from './mathSegments';

const t = (text: string): MathSegment => ({ kind: 'text', text });
const inline = (tex: string, source: string): MathSegment => ({ kind: 'math', tex, display: false, source });
const display = (tex: string, source: string): MathSegment => ({ kind: 'math', tex, display: true, source });

describe('splitMath: the four delimiters', () => {
  it('reads $…$ as inline maths inside text', () => {
    expect(splitMath('Solve $x^2 = 4$ for x.')).toEqual([
      t('Solve '),
      inline('x^2 = 4', '$x^2 = 4$'),
      t(' for x.'),
    ]);
  });

  it('reads \\(…\\) as inline maths', () => {
    expect(splitMath('Area \\(\\pi r^2\\) here')).toEqual([
      t('Area '),
      inline('\\pi r^2', '\\(\\pi r^2\\)'),
      t(' here'),
    ]);
  });

  it('reads $$…$$ as display maths', () => {
    expect(splitMath('Sum: $$\\sum_{i=1}^n i$$ done')).toEqual([
      t('Sum: '),
      display('\\sum_{i=1}^n i', '$$\\sum_{i=1}^n i$$'),
      t(' done'),
    ]);
  });

  it('reads \\[…\\] as display maths, across lines', () => {
    expect(splitMath('Given\n\\[\na+b\n\\]\nthen')).toEqual([
      t('Given\n'),
      display('\na+b\n', '\\[\na+b\n\\]'),
      t('\nthen'),
    ]);
  });

  it('handles several formulas and every kind in one text', () => {
    const s = splitMath('$a$ and $$b$$ and \\(c\\) and \\[d\\]');
    expect(
      s.filter((x) => x.kind === 'math').map((x) => (x.kind === 'math' ? [x.tex, x.display] : null)),
    ).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
      ['d', true],
    ]);
  });

  it('gives a whole-formula text as one segment', () => {
    expect(splitMath('$$E=mc^2$$')).toEqual([display('E=mc^2', '$$E=mc^2$$')]);
  });
});

describe('splitMath: text that is not maths', () => {
  it('keeps plain text as one segment', () => {
    expect(splitMath('No maths here.')).toEqual([t('No maths here.')]);
    expect(splitMath('')).toEqual([]);
  });

  it('reads prices as text (pandoc rule for single dollars)', () => {
    expect(splitMath('It costs $5 and $10 today')).toEqual([t('It costs $5 and $10 today')]);
    expect(splitMath('Pay $ 5 or $ 6')).toEqual([t('Pay $ 5 or $ 6')]);
  });

  it('turns \\$ into a literal dollar sign', () => {
    expect(splitMath('Price \\$5, maths $y$')).toEqual([t('Price $5, maths '), inline('y', '$y$')]);
  });

  it('keeps an unclosed delimiter as text', () => {
    expect(splitMath('open $x + 1 and no end')).toEqual([t('open $x + 1 and no end')]);
    expect(splitMath('open \\(x and no end')).toEqual([t('open \\(x and no end')]);
    expect(splitMath('open $$x and no end')).toEqual([t('open $$x and no end')]);
    expect(splitMath('open \\[x')).toEqual([t('open \\[x')]);
  });

  it('keeps empty delimiters as text', () => {
    expect(splitMath('empty $$$$ and \\(\\)')).toEqual([t('empty $$$$ and \\(\\)')]);
  });

  it('does not run inline maths across a blank line', () => {
    expect(splitMath('a $x\n\ny$ b')).toEqual([t('a $x\n\ny$ b')]);
    // a single line break is fine
    expect(splitMath('$x\ny$')).toEqual([inline('x\ny', '$x\ny$')]);
  });

  it('does not close single-dollar maths on an escaped dollar inside it', () => {
    expect(splitMath('$a \\$ b$')).toEqual([inline('a \\$ b', '$a \\$ b$')]);
  });

  it('keeps other backslashes as text', () => {
    expect(splitMath('C:\\path\\to')).toEqual([t('C:\\path\\to')]);
  });
});

describe('hasMath', () => {
  it('says whether a text holds maths', () => {
    expect(hasMath('x $y$')).toBe(true);
    expect(hasMath('costs $5')).toBe(false);
    expect(hasMath(null)).toBe(false);
  });
});
