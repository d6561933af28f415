import type { AttemptState, PlayerQuestion } from '@assess/contracts/learner';

/** One page of the player: questions of one section only, at most questionsPerPage of them. */
export type PlayerPageSlice = {
  index: number;
  sectionIndex: number;
  sectionName: string;
  questions: PlayerQuestion[];
};

/**
 * Splits the attempt into pages: each section starts a new page, a page holds at most `questionsPerPage`
 * questions (values below 1 read as 1). Sections without questions give no page.
 */
export function paginate(sections: AttemptState['sections'], questionsPerPage: number): PlayerPageSlice[] {
  const per = Math.max(1, Math.floor(questionsPerPage) || 1);
  const pages: PlayerPageSlice[] = [];
  sections.forEach((section, sectionIndex) => {
    for (let i = 0; i < section.questions.length; i += per) {
      pages.push({
        index: pages.length,
        sectionIndex,
        sectionName: section.name,
        questions: section.questions.slice(i, i + per),
      });
    }
  });
  return pages;
}

/** The page holding a question, or -1. */
export const pageOfQuestion = (pages: PlayerPageSlice[], questionId: number) =>
  pages.findIndex((p) => p.questions.some((q) => q.questionId === questionId));

/** Back is offered only when the test allows navigation and there is a page before. */
export const canGoBack = (pageIndex: number, navigationAllowed: boolean) =>
  navigationAllowed && pageIndex > 0;

/** The palette may jump anywhere with navigation allowed, otherwise only forward. */
export const canJumpTo = (from: number, to: number, navigationAllowed: boolean) =>
  to !== from && (navigationAllowed || to > from);

/** A page index kept inside [0, pageCount − 1]. */
export const clampPage = (index: number, pageCount: number) =>
  Math.min(Math.max(0, Math.floor(index) || 0), Math.max(0, pageCount - 1));
