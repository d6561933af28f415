import { describe, expect, it } from 'vitest';
import { formatOfFileName, hasTexDelimiters, interchangeExportQuerySchema } from './interchange';

describe('interchange contracts', () => {
  it('tells TeX maths by the console renderer’s delimiters, not prices', () => {
    for (const s of ['\\(x^2\\)', 'a \\[x\\] b', '$$x$$', 'so $x+1$ is', '$x$'])
      expect(hasTexDelimiters(s), s).toBe(true);
    for (const s of ['costs $5 and $10', 'plain', '', '\\$5 \\$', '$ x $', 'a $5$10'])
      expect(hasTexDelimiters(s), s).toBe(false);
  });

  it('tells the format by the extension', () => {
    expect(formatOfFileName('a.XML')).toBe('moodle');
    expect(formatOfFileName('q.gift')).toBe('gift');
    expect(formatOfFileName('q.txt')).toBe('gift');
    expect(formatOfFileName('pkg.zip')).toBe('qti');
    expect(formatOfFileName('q.docx')).toBe('');
  });

  it('export needs ids, a topic or a category; one id is a list of one', () => {
    expect(interchangeExportQuerySchema.safeParse({ format: 'gift' }).success).toBe(false);
    expect(interchangeExportQuerySchema.parse({ format: 'gift', questionIds: '7' }).questionIds).toEqual([7]);
    expect(interchangeExportQuerySchema.parse({ format: 'qti', topicId: '3' }).topicId).toBe(3);
  });
});
