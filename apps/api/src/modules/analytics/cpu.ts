import { itemStatistics, type StatAttempt } from '@assess/contracts/analytics';

/**
 * Item statistics' responses packed for the way to a worker thread (typed arrays clone as one block each):
 * row r is attempt `attempt[r]` answering item `item[r]` with `mark[r]` of `max[r]`, choices as a bit mask.
 */
export type PackedResponses = {
  items: string[];
  choiceCounts: number[];
  attempt: Int32Array;
  item: Int32Array;
  mark: Float64Array;
  max: Float64Array;
  choiceBits: Int32Array;
};

export function unpackResponses(p: PackedResponses): StatAttempt[] {
  const out: { responses: StatAttempt['responses'][number][] }[] = [];
  let last = -1;
  for (let r = 0; r < p.attempt.length; r++) {
    if (p.attempt[r] !== last) {
      out.push({ responses: [] });
      last = p.attempt[r];
    }
    const i = p.item[r];
    const choices: number[] = [];
    for (let c = 1; c <= p.choiceCounts[i]; c++) if (p.choiceBits[r] & (1 << c)) choices.push(c);
    out[out.length - 1].responses.push({
      item: p.items[i],
      mark: p.mark[r],
      maxMark: p.max[r],
      choices,
      choiceCount: p.choiceCounts[i],
    });
  }
  return out;
}

/** Analytics' CPU-heavy work (src/cpu-tasks.ts lists it): item statistics over every response of a test. */
export const analyticsCpuTasks = {
  'analytics.itemStatistics': async (input: PackedResponses) => itemStatistics(unpackResponses(input)),
};
