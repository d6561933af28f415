// Item statistics' flags and hints (FEATURES AN.2): why a question deserves a look, and how to read alpha.
import type { ItemStatistics } from './item-statistics';

/** Why an item is flagged (FEATURES 3.2.07): each flag with its reason. */
export const itemFlagReasons = {
  negativeDiscrimination:
    'Negative discrimination: students who did better overall did worse on this question (check the key).',
  lowDiscrimination:
    'Low discrimination (below 20): the question hardly separates stronger from weaker students.',
  tooHard: 'Facility below 5 %: almost nobody got it right.',
  tooEasy: 'Facility above 95 %: almost everybody got it right.',
  unusedDistractor: 'A distractor nobody chose: option {choice}.',
} as const;
export type ItemFlag = { kind: keyof typeof itemFlagReasons; reason: string };

/** The flags of one item (needs at least two attempts to say anything about discrimination). */
export function itemFlags(it: ItemStatistics, correctChoices: readonly number[] = []): ItemFlag[] {
  const out: ItemFlag[] = [];
  const flag = (kind: keyof typeof itemFlagReasons, reason: string = itemFlagReasons[kind]) =>
    out.push({ kind, reason });
  if (it.discriminationIndex !== null) {
    if (it.discriminationIndex < 0) flag('negativeDiscrimination');
    else if (it.discriminationIndex < 20) flag('lowDiscrimination');
  }
  if (it.facility !== null && it.count > 0) {
    if (it.facility < 0.05) flag('tooHard');
    else if (it.facility > 0.95) flag('tooEasy');
  }
  for (const o of it.options)
    if (o.share === 0 && !correctChoices.includes(o.choice) && it.count > 0)
      flag('unusedDistractor', itemFlagReasons.unusedDistractor.replace('{choice}', String(o.choice)));
  return out;
}

/** Interpretation bands of alpha, shown as hints (high ≥ 0.9 … doubtful < 0.6). */
export function alphaBand(alpha: number | null): string {
  if (alpha === null) return 'Not enough attempts to say.';
  if (alpha >= 0.9) return 'High reliability (≥ 0.9).';
  if (alpha >= 0.8) return 'Good reliability (0.8–0.9).';
  if (alpha >= 0.7) return 'Acceptable reliability (0.7–0.8).';
  if (alpha >= 0.6) return 'Questionable reliability (0.6–0.7).';
  return 'Doubtful reliability (below 0.6): the total mixes unrelated things or too few questions.';
}
