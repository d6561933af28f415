import { createHash } from 'node:crypto';
import { QuestionStatus, QuestionType } from '@assess/contracts/questions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEMO_IMAGE_PREFIX, demoImagePng } from '../../modules/question-bank/demo-images';
import { createTreeRepository } from '../../modules/question-bank/tree.repository';
import type { Db } from '../../platform/db/client';
import {
  configurationValues,
  files,
  questionImages,
  questions,
  questionVersions,
  type StoredChoice,
  topicQuestionMappings,
} from '../schema';
import type { DemoProviderIds } from './demo';

const { TrueFalse } = QuestionType;
const { Ready: R, Published: P } = QuestionStatus;

import {
  type Draft,
  erpQuestions,
  erpTree,
  type Node,
  partnerQuestions,
  partnerTree,
} from './demo-question-bank-data';

/** Creates the tree (through the module's repository, so paths are the module's) and returns topic ids by name. */
async function seedTree(db: Db, providerId: number, tree: Node[], now: Date) {
  const repo = createTreeRepository(db);
  const ids = new Map<string, number>();
  for (const cat of tree) {
    const c = await repo.insertCategory({
      providerId,
      parentCategoryId: null,
      parentPath: '',
      name: cat.name,
      userId: 0,
      now,
    });
    const walk = async (nodes: Node[], parent: { id: number | null; path: string; depth: number }) => {
      for (const n of nodes) {
        const t = await repo.insertTopic({
          providerId,
          categoryId: c.categoryId,
          parentTopicId: parent.id,
          parentPath: parent.path,
          depth: parent.depth + 1,
          name: n.name,
          userId: 0,
          now,
        });
        ids.set(n.name, t.topicId);
        await walk(n.children ?? [], { id: t.topicId, path: t.path, depth: t.depth });
      }
    };
    await walk(cat.children ?? [], { id: null, path: c.path, depth: 0 });
  }
  return ids;
}

/** Records the demo images of a provider (file rows + question_images); the bytes are drawn on first use. */
async function seedImages(db: Db, providerId: number, names: readonly string[]) {
  const ids = new Map<string, number>();
  for (const name of names) {
    const png = await demoImagePng(name);
    const [f] = await db
      .insert(files)
      .values({
        key: `${DEMO_IMAGE_PREFIX}p${providerId}/${name}`,
        providerId,
        fileName: name,
        contentType: 'image/png',
        size: png.length,
        sha256: createHash('sha256').update(png).digest('hex'),
      })
      .returning({ id: files.fileId });
    const meta = { width: 320, height: 200 };
    await db.insert(questionImages).values({ imageId: f.id, providerId, ...meta });
    ids.set(name, f.id);
  }
  return ids;
}

async function seedQuestions(
  db: Db,
  providerId: number,
  drafts: Draft[],
  topicIds: Map<string, number>,
  now: Date,
) {
  const images = await seedImages(db, providerId, [
    ...new Set(
      drafts.flatMap((d) => [
        ...(d.image ? [d.image] : []),
        ...(d.choices ?? []).flatMap((c) => (typeof c === 'string' ? [] : [c.image])),
      ]),
    ),
  ]);
  const config = await db
    .select({ id: configurationValues.id, key: configurationValues.key })
    .from(configurationValues)
    .where(
      and(
        eq(configurationValues.providerId, providerId),
        inArray(configurationValues.key, ['Objective', 'TargetAudience']),
      ),
    );
  const objective = config.filter((c) => c.key === 'Objective').map((c) => c.id);
  const audience = config.filter((c) => c.key === 'TargetAudience').map((c) => c.id);
  const rows = await db
    .insert(questions)
    .values(
      drafts.map((d, i) => {
        const choices: StoredChoice[] =
          d.questionType === TrueFalse
            ? [
                { text: 'True', image: null },
                { text: 'False', image: null },
              ]
            : (d.choices ?? []).map((c) =>
                typeof c === 'string'
                  ? { text: c, image: null }
                  : { text: null, image: images.get(c.image)! },
              );
        return {
          providerId,
          code: d.code,
          questionType: d.questionType,
          contentType: d.contentType,
          choiceFormat: i % 12,
          difficultyLevel: d.difficulty,
          points: d.points,
          negativePoints: d.status === P ? -0.25 : 0,
          objectiveIds: objective.length ? [objective[i % objective.length]] : null,
          targetAudienceIds: audience.length ? [audience[i % audience.length]] : null,
          status: d.status,
          isActive: d.status >= R,
          text: d.text,
          imageId: d.image ? images.get(d.image)! : null,
          solutionText: d.solutionText ?? null,
          paragraphText: d.paragraphText ?? null,
          hint: d.hint ?? null,
          passFeedback: 'Well done!',
          failFeedback: 'Have another look at the solution.',
          choices,
          correctChoices: d.correct ?? [],
          numericAnswer: d.numeric ?? null,
          expiryDate: '2099-12-31',
          createdDate: now,
          updatedDate: now,
        };
      }),
    )
    .returning({ questionId: questions.questionId, code: questions.code });
  const byCode = new Map(rows.map((r) => [r.code, r.questionId]));
  await db
    .insert(topicQuestionMappings)
    .values(drafts.map((d) => ({ topicId: topicIds.get(d.topic)!, questionId: byCode.get(d.code)! })));
}

/**
 * Demo question bank: Demo ERP Institute gets two categories with topics three levels deep and 61
 * questions (every type × content type, five variants each, in all three statuses; images, LaTeX and
 * HTML); Demo Content Partner a published bank that its subscribers (Demo Subscriber, Demo ERP Institute)
 * see under Subscribed. Every question gets its first version row.
 */
export async function seedDemoQuestionBank(db: Db, now: Date, ids: DemoProviderIds) {
  const erp = ids.get('erp');
  const partner = ids.get('partner');
  if (erp === undefined || partner === undefined) return;
  await seedQuestions(db, erp, erpQuestions(), await seedTree(db, erp, erpTree, now), now);
  await seedQuestions(db, partner, partnerQuestions(), await seedTree(db, partner, partnerTree, now), now);
  await db.execute(sql`
    insert into ${questionVersions} (question_id, version, snapshot, created_date)
    select q.question_id, q.version, to_jsonb(q), ${now} from ${questions} q
    where q.provider_id in (${erp}, ${partner})`);
}
