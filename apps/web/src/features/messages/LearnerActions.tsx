/** The learner top bar's actions: the inbox bell with the unread count, push opt-in (issue 6). */
export function LearnerActions() {
  return null;
}
