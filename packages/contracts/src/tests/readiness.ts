// Readiness of a test (issue 13; part 3 §4 "A test becomes Ready or Published only if its criteria are met"):
// ONE pure rule, reported item by item. The server gathers the input (each section's supply as the sections area
// counts it, and the configuration) and decides with it; the console shows the same report.
import { z } from 'zod';

/**
 * One section, as the rule reads it. `supply` and `fixedNotReady` are the sections area's counting (the same
 * numbers its list shows with the supply warning): fixed Ready/Published picks plus what its topics can draw.
 */
export type ReadinessSection = {
  poolId: number;
  code: string;
  name: string;
  /** Questions allowed: how many questions an attempt draws from the section. */
  questionCount: number;
  /** Distinct usable questions the section can supply now. */
  supply: number;
  /** Fixed picks still in Draft. */
  fixedNotReady: number;
  /** Fixed picks in all (more than questionCount: the section is not ready). */
  fixedCount?: number;
};

/** The configuration fields the rule checks. */
export type ReadinessConfiguration = {
  duration: number | null;
  passingScore: number | null;
  masteryScore: number | null;
  totalScore: number | null;
  attemptsAllowed: number | null;
};

export type ReadinessInput = { sections: readonly ReadinessSection[]; configuration: ReadinessConfiguration };

export const readinessItemKeys = [
  'sections',
  'sectionSupply',
  'questionStatus',
  'duration',
  'passingScore',
  'masteryScore',
  'attemptsAllowed',
] as const;
export type ReadinessItemKey = (typeof readinessItemKeys)[number];

/** What each item asks for (ours: the spec says the criteria are not shown). */
export const readinessMessages = {
  sections: 'The test has at least one section.',
  sectionSupply: 'Every section can supply its number of questions.',
  questionStatus: 'Every question chosen for the test is Ready or Published.',
  duration: 'The duration is between 1 and 360 minutes.',
  passingScore: 'The passing score is not above the total score.',
  masteryScore: 'The mastery score is greater than the passing score.',
  attemptsAllowed: 'At least one attempt is allowed.',
  notReady: 'The test cannot be made Ready yet:',
} as const satisfies Record<ReadinessItemKey | 'notReady', string>;

export const readinessItemSchema = z.object({
  key: z.enum(readinessItemKeys),
  ok: z.boolean(),
  message: z.string(),
  /** What is missing, one line each (e.g. 'Section S1 can supply 3 of 5 questions.'). */
  details: z.array(z.string()),
});
export type ReadinessItem = z.infer<typeof readinessItemSchema>;

export const readinessReportSchema = z.object({ ready: z.boolean(), items: z.array(readinessItemSchema) });
export type ReadinessReport = z.infer<typeof readinessReportSchema>;

const item = (key: ReadinessItemKey, details: string[]): ReadinessItem => ({
  key,
  ok: details.length === 0,
  message: readinessMessages[key],
  details,
});

const blank = (v: number | null) => v === null || v === 0;

/** The readiness rule: every item, each with what is missing; ready when all hold. */
export function testReadiness({ sections, configuration: c }: ReadinessInput): ReadinessReport {
  const label = (s: ReadinessSection) => `${s.code} (${s.name})`;
  const items: ReadinessItem[] = [
    item('sections', sections.length ? [] : ['The test has no section.']),
    item(
      'sectionSupply',
      sections.flatMap((s) => [
        ...(s.supply >= s.questionCount
          ? []
          : [`Section ${label(s)} can supply ${s.supply} of its ${s.questionCount} questions.`]),
        ...((s.fixedCount ?? 0) > s.questionCount
          ? [
              `Section ${label(s)} holds ${s.fixedCount} fixed questions; only ${s.questionCount} are allowed.`,
            ]
          : []),
      ]),
    ),
    item(
      'questionStatus',
      sections.flatMap((s) =>
        s.fixedNotReady
          ? [
              `Section ${label(s)} holds ${s.fixedNotReady} Draft question${s.fixedNotReady === 1 ? '' : 's'}.`,
            ]
          : [],
      ),
    ),
    item(
      'duration',
      c.duration !== null && Number.isInteger(c.duration) && c.duration >= 1 && c.duration <= 360
        ? []
        : [`Duration ${c.duration ?? 'is empty'}.`],
    ),
    item(
      'passingScore',
      c.passingScore !== null && c.totalScore !== null && c.passingScore > c.totalScore
        ? [`Passing score ${c.passingScore} is above the total score ${c.totalScore}.`]
        : [],
    ),
    item(
      'masteryScore',
      blank(c.masteryScore)
        ? []
        : blank(c.passingScore)
          ? [`Mastery score ${c.masteryScore} is set without a passing score.`]
          : (c.masteryScore ?? 0) > (c.passingScore ?? 0)
            ? []
            : [`Mastery score ${c.masteryScore} is not greater than the passing score ${c.passingScore}.`],
    ),
    item(
      'attemptsAllowed',
      c.attemptsAllowed !== null && c.attemptsAllowed >= 1 ? [] : ['No attempt is allowed.'],
    ),
  ];
  return { ready: items.every((i) => i.ok), items };
}

/** One message listing what is missing (the activate and publish refusals). */
export const readinessRefusal = (report: ReadinessReport) =>
  [readinessMessages.notReady, ...report.items.flatMap((i) => (i.ok ? [] : i.details))].join(' ');
