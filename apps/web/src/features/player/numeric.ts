/** A Numerical answer as typed: a whole number, a complete number, a number being typed, or not a number. */
export type NumericInput =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'partial' }
  | { kind: 'invalid' };

const COMPLETE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** A prefix of a complete number: '-', '.', '1e', '1e-'. */
const PARTIAL = /^[-+]?(\d*\.?\d*)([eE][-+]?)?$/;

export function parseNumeric(raw: string): NumericInput {
  const s = raw.trim();
  if (s === '') return { kind: 'empty' };
  if (COMPLETE.test(s)) {
    const value = Number(s);
    return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'invalid' };
  }
  return PARTIAL.test(s) ? { kind: 'partial' } : { kind: 'invalid' };
}
