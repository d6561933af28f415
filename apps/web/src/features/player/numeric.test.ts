import { describe, expect, it } from 'vitest';
import { parseNumeric } from './numeric';

describe('parseNumeric (the Numerical answer field)', () => {
  it.each([
    ['42', 42],
    ['-3.5', -3.5],
    ['+0.25', 0.25],
    ['.5', 0.5],
    ['2.', 2],
    ['1e3', 1000],
    [' 7 ', 7],
  ])('%s is the number %d', (raw, value) => {
    expect(parseNumeric(raw)).toEqual({ kind: 'number', value });
  });
  it.each(['-', '.', '1e', '1e-', '-.'])('%s is a number being typed (not saved)', (raw) => {
    expect(parseNumeric(raw).kind).toBe('partial');
  });
  it.each(['abc', '1,5', '2x', '--1', '1e400', 'Infinity', 'NaN', '0x10'])('%s is refused', (raw) => {
    expect(parseNumeric(raw).kind).toBe('invalid');
  });
  it('empty clears', () => {
    expect(parseNumeric('  ')).toEqual({ kind: 'empty' });
  });
});
