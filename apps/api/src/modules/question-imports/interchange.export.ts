import type { InterchangeFormat } from '@assess/contracts/question-imports';
import { writeGift } from './formats/gift';
import { withMoodleTex } from './formats/mathml';
import type { ExportItem } from './formats/model';
import { writeMoodleXml } from './formats/moodle-xml';
import { writeQtiPackage } from './formats/qti-write';

/**
 * The export file of questions already mapped (ixOf), written on the CPU pool (task questions.writeInterchange;
 * issue 26): the text of 5,000 questions, their images base64-encoded (Moodle XML) or zipped (QTI), would hold
 * the event loop. Items come grouped by category path (one category switch per path), in the order met.
 */
export async function writeInterchange(
  format: InterchangeFormat,
  given: readonly ExportItem[],
): Promise<Buffer> {
  const order = new Map<string, number>();
  for (const it of given) {
    const key = it.categoryPath.join('/');
    if (!order.has(key)) order.set(key, order.size);
  }
  const items = [...given].sort(
    (a, b) => (order.get(a.categoryPath.join('/')) ?? 0) - (order.get(b.categoryPath.join('/')) ?? 0),
  );
  // Moodle (XML and GIFT) renders \(…\) and $$…$$ by default, not $…$ nor \[…\].
  const forMoodle = () => items.map((it) => ({ ...it, question: withMoodleTex(it.question) }));
  if (format === 'moodle') return Buffer.from(writeMoodleXml(forMoodle()), 'utf8');
  if (format === 'gift') return Buffer.from(writeGift(forMoodle()), 'utf8');
  return writeQtiPackage(items);
}
