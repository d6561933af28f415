import { hasPrivilege } from '@assess/contracts/access';
import {
  type BulkTopicMapping,
  type BulkUpdatableField,
  type BulkUpdate,
  type BulkUpdateResult,
  questionMessages as m,
  QuestionStatus,
} from '@assess/contracts/questions';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import type { BulkColumnChange, BulkRepository } from './bulk.repository';
import type { QuestionsRepository } from './questions.repository';
import type { QuestionCaller } from './questions.service';
import type { TreeRepository } from './tree.repository';

const columns: Record<Exclude<BulkUpdatableField, 'status'>, BulkColumnChange['column']> = {
  difficultyLevel: 'difficulty_level',
  points: 'points',
  negativePoints: 'negative_points',
  objective: 'objective_ids',
  targetAudience: 'target_audience_ids',
  isLocked: 'is_locked',
  expiryDate: 'expiry_date',
  duration: 'duration',
  choiceFormat: 'choice_format',
};
const { Draft, Ready, Published } = QuestionStatus;

type Repos = { bulk: BulkRepository; questions: QuestionsRepository; tree: TreeRepository };

/**
 * The bulk-update bar (§2, §4, §5, §8): one field over the selected questions, Published ones untouched,
 * status changes only along the lifecycle (Draft ⇄ Ready when the criteria hold, Ready → Published with
 * PublishQuestion, never a Draft to Published), and the counts of the selection afterwards.
 */
export function createBulkService(deps: { withTransaction: UnitOfWork<Repos>; clock: () => Date }) {
  return {
    async update(c: QuestionCaller, body: BulkUpdate): Promise<BulkUpdateResult> {
      const field = body.field as BulkUpdatableField;
      const ids = [...new Set(body.questionIds)];
      if (field === 'status' && body.value === Published && !hasPrivilege(c, 'Question', 'PublishQuestion'))
        throw forbidden(m.noPublishPrivilege);
      return deps.withTransaction(async ({ bulk, questions }) => {
        const before = await bulk.statusesOf(c.providerId, ids);
        // Another provider's id (or one that does not exist) among the selection: nothing is written.
        if (before.total !== ids.length) throw notFound();
        const now = deps.clock();
        const common = { providerId: c.providerId, ids, userId: c.userId, now };
        let updated = 0;
        let criteriaSkipped = false;
        if (field === 'status') {
          const to = body.value as number;
          if (before.published === ids.length) throw badRequest(m.publishedStatusLocked);
          if (to === Published) {
            if (before.draft > 0) throw badRequest(m.draftCannotBePublished);
            updated = await bulk.update({
              ...common,
              change: { column: 'status', value: Published },
              fromStatuses: [Ready],
            });
          } else if (to === Ready) {
            updated = await bulk.update({
              ...common,
              change: { column: 'status', value: Ready },
              fromStatuses: [Draft],
              readyCriteria: true,
            });
            criteriaSkipped = updated < before.draft;
          } else {
            updated = await bulk.update({
              ...common,
              change: { column: 'status', value: Draft },
              fromStatuses: [Ready],
            });
          }
        } else {
          if (before.published === ids.length) throw badRequest(m.publishedNotEditable);
          if (field === 'objective' || field === 'targetAudience') {
            const values = [...new Set(body.value as number[])];
            const key = field === 'objective' ? 'Objective' : 'TargetAudience';
            if ((await questions.configurationIds(c.providerId, key, values)).length !== values.length)
              throw badRequest(field === 'objective' ? m.invalidObjective : m.invalidTargetAudience);
          }
          const change = { column: columns[field], value: body.value } as BulkColumnChange;
          updated = await bulk.update({ ...common, change, fromStatuses: [Draft, Ready] });
        }
        const after = updated ? await bulk.statusesOf(c.providerId, ids) : before;
        return {
          message: m.bulkUpdated,
          totalCount: after.total,
          publishedCount: after.published,
          readyCount: after.ready,
          draftCount: after.draft,
          updatedCount: updated,
          unchangedCount: ids.length - updated,
          note: criteriaSkipped ? m.bulkCriteriaNote : null,
        };
      });
    },

    /** §7 bulkUpdateTopicQuestionMapping: the selected own questions move to one own topic. */
    async remap(c: QuestionCaller, body: BulkTopicMapping) {
      const ids = [...new Set(body.questionIds)];
      return deps.withTransaction(async ({ bulk, tree }) => {
        if (!(await tree.topic(body.topicId, [c.providerId]))) throw notFound(m.invalidTopic);
        if ((await bulk.ownCount(c.providerId, ids)) !== ids.length) throw notFound();
        const n = await bulk.remap({ providerId: c.providerId, topicId: body.topicId, ids });
        return { message: m.topicMapped, updatedCount: n };
      });
    },
  };
}
export type BulkService = ReturnType<typeof createBulkService>;
