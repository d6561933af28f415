// The pure question-selection rule of a section (issue 13; part 2 §3 Pool, part 3 §3 Section): which questions an
// attempt gets from a section. The learner player calls it at the start of an attempt with the section's sources
// and a seeded random source, so the same seed gives the same attempt (and the rule is testable).

/** A random source: numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** A fixed question of a section (pool-question mapping), only those the attempt may use (Ready or Published). */
export type FixedPick = { questionId: number; sequence: number; isMandatory: boolean };

/** A question a topic can supply (already filtered to Ready/Published, the provider's scope). */
export type TopicCandidate = { questionId: number; questionType: number };

/** What a section draws from. */
export type SectionSource = {
  /** Questions allowed: how many questions an attempt gets from the section. */
  questionCount: number;
  fixed: readonly FixedPick[];
  /** 0: fixed picks only; 1: then random draws from the topics. */
  randomizeType: number;
  /** At most this many random draws per topic (null: no cap). */
  questionsPerTopic: number | null;
  /** Question types drawn from the topics (null or empty: every type). */
  questionTypes: readonly number[] | null;
  topics: readonly { topicId: number; candidates: readonly TopicCandidate[] }[];
};

/** mulberry32: a small seeded random source (same seed, same sequence). */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates on a copy. */
function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The questions of one section for one attempt, in the order they are shown:
 * 1. every mandatory fixed question (in section order), always, even past questionCount;
 * 2. then the other fixed questions in section order, up to questionCount (a random subset, kept in section
 *    order, when there are more than the places left);
 * 3. then, with randomizeType 1, random draws from the topics, one topic after another in turns (at most
 *    questionsPerTopic from each, only the chosen question types) until questionCount is reached or the topics
 *    run out.
 * A question is never taken twice, nor one in `exclude` (what earlier sections of the attempt took).
 */
export function selectSectionQuestions(
  section: SectionSource,
  random: RandomSource,
  exclude: ReadonlySet<number> = new Set(),
): number[] {
  const taken = new Set<number>(exclude);
  const out: number[] = [];
  const take = (id: number) => {
    taken.add(id);
    out.push(id);
  };
  const bySequence = [...section.fixed].sort((a, b) => a.sequence - b.sequence);
  for (const f of bySequence) if (f.isMandatory && !taken.has(f.questionId)) take(f.questionId);

  const rest = bySequence.filter((f) => !f.isMandatory && !taken.has(f.questionId));
  const room = Math.max(0, section.questionCount - out.length);
  if (rest.length <= room) for (const f of rest) take(f.questionId);
  else {
    const chosen = new Set(shuffled(rest, random).slice(0, room));
    for (const f of rest) if (chosen.has(f)) take(f.questionId);
  }

  if (section.randomizeType !== 1) return out;
  const types = section.questionTypes?.length ? new Set(section.questionTypes) : null;
  const cap = section.questionsPerTopic ?? Number.POSITIVE_INFINITY;
  const queues = section.topics.map((t) => ({
    left: cap,
    queue: shuffled(
      t.candidates.filter((c) => !types || types.has(c.questionType)),
      random,
    ),
  }));
  let active = queues.filter((q) => q.left > 0 && q.queue.length > 0);
  // topics take turns, starting from a random one, so no topic is favoured when the count is small
  let turn = active.length ? Math.floor(random() * active.length) : 0;
  while (out.length < section.questionCount && active.length) {
    const q = active[turn % active.length] as (typeof active)[number];
    let next = q.queue.pop();
    while (next && taken.has(next.questionId)) next = q.queue.pop();
    if (next) {
      take(next.questionId);
      q.left -= 1;
    }
    const before = active.length;
    active = active.filter((a) => a.left > 0 && a.queue.length > 0);
    if (active.length === before) turn += 1;
    else if (active.length) turn %= active.length;
  }
  return out;
}

/** An attempt's questions, section by section (in the test's section order): never the same question twice. */
export function selectAttemptQuestions(sections: readonly SectionSource[], random: RandomSource): number[][] {
  const taken = new Set<number>();
  return sections.map((s) => {
    const ids = selectSectionQuestions(s, random, taken);
    for (const id of ids) taken.add(id);
    return ids;
  });
}
