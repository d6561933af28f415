import { describe, expect, it } from 'vitest';
import { mathmlInHtml, mathToTex, moodleTex, withMoodleTex } from './mathml';
import { emptyQuestion } from './model';
import { parseTree } from './xml-tree';

const tex = (mathml: string) =>
  mathToTex(parseTree(`<math xmlns="http://www.w3.org/1998/Math/MathML">${mathml}</math>`)[0]);

describe('MathML → LaTeX', () => {
  it('E=mc² stays one formula, not "E = m c 2"', () => {
    expect(tex('<mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup>')).toBe('\\(E=mc^{2}\\)');
  });

  it('fractions, roots, sub- and superscripts', () => {
    expect(tex('<mfrac><mn>1</mn><mn>2</mn></mfrac>')).toBe('\\(\\frac{1}{2}\\)');
    expect(tex('<mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mi>c</mi></mfrac>')).toBe(
      '\\(\\frac{a+b}{c}\\)',
    );
    expect(tex('<msqrt><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></msqrt>')).toBe(
      '\\(\\sqrt{x^{2}+1}\\)',
    );
    expect(tex('<mroot><mi>x</mi><mn>3</mn></mroot>')).toBe('\\(\\sqrt[3]{x}\\)');
    expect(tex('<msub><mi>a</mi><mi>n</mi></msub>')).toBe('\\(a_{n}\\)');
    expect(tex('<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>')).toBe('\\(x_{i}^{2}\\)');
    expect(tex('<msup><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></msup>')).toBe('\\({a+b}^{2}\\)');
    expect(
      tex(
        '<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover><mi>i</mi>',
      ),
    ).toBe('\\(\\sum_{i=1}^{n}i\\)');
  });

  it('Greek letters, operators, functions, accents, fences and text', () => {
    expect(tex('<mi>α</mi><mi>x</mi><mo>×</mo><mn>3</mn><mo>≤</mo><mi>π</mi>')).toBe(
      '\\(\\alpha x\\times3\\leq\\pi\\)',
    );
    expect(tex('<mi>sin</mi><mo>&#x2061;</mo><mi>θ</mi>')).toBe('\\(\\sin\\theta\\)');
    expect(tex('<mover><mi>v</mi><mo>→</mo></mover>')).toBe('\\(\\vec{v}\\)');
    expect(tex('<mfenced><mi>a</mi><mi>b</mi></mfenced>')).toBe('\\((a,b)\\)');
    expect(tex('<mn>5</mn><mtext>m/s</mtext>')).toBe('\\(5\\text{m/s}\\)');
    expect(tex('<mi>speed</mi>')).toBe('\\(\\mathrm{speed}\\)');
  });

  it("a TeX annotation wins; display='block' uses \\[…\\]", () => {
    expect(
      tex(
        '<semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">x_1</annotation></semantics>',
      ),
    ).toBe('\\(x_1\\)');
    const block = parseTree('<math display="block"><mn>1</mn><mo>+</mo><mn>1</mn></math>')[0];
    expect(mathToTex(block)).toBe('\\[1+1\\]');
  });

  it('MathML inside HTML becomes escaped TeX; the rest of the HTML is kept', () => {
    expect(
      mathmlInHtml(
        '<p>Energy: <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math> and <m:math><mi>a</mi><mo>&lt;</mo><mi>b</mi></m:math>.</p>',
      ),
    ).toBe('<p>Energy: \\(E=mc^{2}\\) and \\(a&lt;b\\).</p>');
    expect(mathmlInHtml('<p>No maths</p>')).toBe('<p>No maths</p>');
  });
});

describe('LaTeX for Moodle', () => {
  it('$…$ becomes \\(…\\) and \\[…\\] becomes $$…$$; \\(…\\), $$…$$ and prices stay', () => {
    expect(moodleTex('Solve $x^2=4$ then \\[y=\\frac{1}{2}\\]')).toBe(
      'Solve \\(x^2=4\\) then $$y=\\frac{1}{2}$$',
    );
    expect(moodleTex('Keep \\(a\\) and $$b$$')).toBe('Keep \\(a\\) and $$b$$');
    expect(moodleTex('It costs $5 and $10')).toBe('It costs $5 and $10');
    expect(moodleTex('Escaped \\$x$ stays')).toBe('Escaped \\$x$ stays');
  });

  it('only LaTeX questions are rewritten, every text of them', () => {
    const q = { ...emptyQuestion('Q', 'scq'), contentType: 3 as const };
    q.text = { text: 'Pick $x$', format: 'plain' };
    q.choices = [{ text: '$1$', format: 'plain' }];
    q.solution = { text: '\\[x=1\\]', format: 'plain' };
    const out = withMoodleTex(q);
    expect([out.text.text, out.choices[0].text, out.solution?.text]).toEqual([
      'Pick \\(x\\)',
      '\\(1\\)',
      '$$x=1$$',
    ]);
    expect(withMoodleTex({ ...q, contentType: 1 }).text.text).toBe('Pick $x$');
  });
});
