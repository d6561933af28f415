import { licenceMessages } from '@assess/contracts/access';
import { treeMessages as tm, treeSchema } from '@assess/contracts/questions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, type demoIds, erpAndPartner, scqBody } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { categories, licencePackages, topics } from '../../db/schema';

let t: TestApp;
let erp: Caller;
let partner: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ erp, partner, ids } = await erpAndPartner(t));
});
afterAll(() => t.close());

const countTopics = async (providerId: number) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(topics)
      .where(eq(topics.providerId, providerId))
  )[0].n;

describe('GET /api/question-bank/tree', () => {
  it('own nodes first with question counts, then the content providers’ read-only trees (Published only)', async () => {
    const res = await erp.get('/api/question-bank/tree');
    expect(res.statusCode).toBe(200);
    const tree = treeSchema.parse(res.json());
    const own = tree.nodes.filter((n) => n.owned);
    const other = tree.nodes.filter((n) => !n.owned);
    expect(tree.nodes.indexOf(own[own.length - 1])).toBeLessThan(tree.nodes.indexOf(other[0]));
    expect(own.map((n) => n.name).slice(0, 2)).toEqual(['Mathematics', 'Algebra']);
    const science = own.find((n) => n.name === 'Science')!;
    expect(science).toMatchObject({
      nodeType: 'category',
      depth: 0,
      hasTopicChildren: true,
      readOnly: false,
    });
    const motion = own.find((n) => n.name === 'Motion')!;
    expect(motion).toMatchObject({ nodeType: 'topic', depth: 3, questionCount: 8, hasTopicChildren: false });
    expect(own.find((n) => n.name === 'Physics')!.subtreeQuestionCount).toBe(8 + 7);
    expect(other.every((n) => n.readOnly && n.providerName === 'Demo Content Partner')).toBe(true);
    expect(other.find((n) => n.name === 'Capitals')!.questionCount).toBe(4);
    expect(tree).toMatchObject({ topicHierarchy: 6, maxTopics: 5000, topicCount: 22 });
    const owned = treeSchema.parse((await erp.get('/api/question-bank/tree?contentFilter=1')).json());
    expect(owned.nodes.every((n) => n.owned)).toBe(true);
    const subscribed = treeSchema.parse((await erp.get('/api/question-bank/tree?contentFilter=2')).json());
    expect(subscribed.nodes.every((n) => !n.owned)).toBe(true);
  });

  it('a subscriber (no CategoryTopic area) reads its content provider’s tree through ViewQuestion, read-only', async () => {
    const sub = await as(t, 'subscriber@example.com');
    const tree = treeSchema.parse((await sub.get('/api/question-bank/tree')).json());
    expect(tree.nodes.length).toBeGreaterThan(0);
    expect(tree.nodes.every((n) => n.readOnly && n.providerId === ids.partner)).toBe(true);
    expect((await sub.post('/api/question-bank/categories', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('is refused to students and to nobody signed in', async () => {
    const student = await as(t, 'student@example.com');
    expect((await student.get('/api/question-bank/tree')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/question-bank/tree' })).statusCode).toBe(401);
  });
});

describe('categories and topics', () => {
  it('builds a tree: category, sub-category, topics and sub-topics, with the structural rules', async () => {
    const cat = await partner.post('/api/question-bank/categories', { name: 'Olympiad' });
    expect(cat.statusCode).toBe(201);
    expect(cat.json()).toMatchObject({
      message: tm.categoryCreated,
      node: { nodeType: 'category', name: 'Olympiad' },
    });
    const catId = cat.json().node.id;
    const sub = await partner.post('/api/question-bank/categories', {
      name: 'Junior',
      parentCategoryId: catId,
    });
    expect(sub.statusCode).toBe(201);
    // A category holding a sub-category takes no topic; the sub-category does.
    const refused = await partner.post('/api/question-bank/topics', { name: 'X', categoryId: catId });
    expect(refused.json()).toMatchObject({ message: tm.categoryHasCategories });
    const topic = await partner.post('/api/question-bank/topics', {
      name: 'Puzzles',
      categoryId: sub.json().node.id,
    });
    expect(topic.statusCode).toBe(201);
    expect(topic.json()).toMatchObject({
      message: tm.topicCreated,
      node: { depth: 1, parentKey: `c${sub.json().node.id}` },
    });
    const child = await partner.post('/api/question-bank/topics', {
      name: 'Logic',
      parentTopicId: topic.json().node.id,
    });
    expect(child.json().node).toMatchObject({ depth: 2, categoryId: sub.json().node.id });
    // A category holding topics takes no sub-category.
    expect(
      (
        await partner.post('/api/question-bank/categories', {
          name: 'Y',
          parentCategoryId: sub.json().node.id,
        })
      ).json(),
    ).toMatchObject({
      message: tm.categoryHasTopics,
    });
    // Same name twice under one parent: refused, nothing written.
    const dup = await partner.post('/api/question-bank/topics', {
      name: 'puzzles',
      categoryId: sub.json().node.id,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(tm.topicNameTaken);
    // Renames.
    const ren = await partner.put(`/api/question-bank/topics/${child.json().node.id}`, {
      name: 'Logic games',
    });
    expect(ren.json()).toMatchObject({ message: tm.topicRenamed, node: { name: 'Logic games' } });
    expect(
      (await partner.put(`/api/question-bank/categories/${catId}`, { name: 'Olympiads' })).json().message,
    ).toBe(tm.categoryRenamed);
    expect(
      (await partner.post('/api/question-bank/topics', { name: '  ', categoryId: catId })).json().message,
    ).toBe(tm.nameRequired);
  });

  it('a topic with questions cannot be deleted nor get sub-topics; empty leaves can', async () => {
    const motion = await ids.topicOf(ids.erp, 'Motion');
    const del = await erp.delete(`/api/question-bank/topics/${motion}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(tm.topicHasQuestions);
    expect(
      (await erp.post('/api/question-bank/topics', { name: 'Sub', parentTopicId: motion })).json().message,
    ).toBe(tm.topicHasQuestionsNoChild);
    const mechanics = await ids.topicOf(ids.erp, 'Mechanics');
    expect((await erp.delete(`/api/question-bank/topics/${mechanics}`)).json().message).toBe(
      tm.topicHasChildren,
    );
    const science = await ids.categoryOf(ids.erp, 'Science');
    expect((await erp.delete(`/api/question-bank/categories/${science}`)).json().message).toBe(
      tm.categoryHasChildren,
    );
    const leaf = await erp.post('/api/question-bank/topics', { name: 'Temporary', parentTopicId: mechanics });
    const gone = await erp.delete(`/api/question-bank/topics/${leaf.json().node.id}`);
    expect(gone.json()).toEqual({ message: tm.topicRemoved });
    const cat = await erp.post('/api/question-bank/categories', { name: 'Empty' });
    expect((await erp.delete(`/api/question-bank/categories/${cat.json().node.id}`)).json()).toEqual({
      message: tm.categoryRemoved,
    });
  });

  it("another provider's category or topic id in every route: 404 and nothing written", async () => {
    const capitals = await ids.topicOf(ids.partner, 'Capitals');
    const gk = await ids.categoryOf(ids.partner, 'General Knowledge');
    const before = await countTopics(ids.partner);
    for (const res of [
      await erp.post('/api/question-bank/topics', { name: 'Hijack', parentTopicId: capitals }),
      await erp.post('/api/question-bank/topics', { name: 'Hijack', categoryId: gk }),
      await erp.post('/api/question-bank/categories', { name: 'Hijack', parentCategoryId: gk }),
      await erp.put(`/api/question-bank/topics/${capitals}`, { name: 'Hijack' }),
      await erp.put(`/api/question-bank/categories/${gk}`, { name: 'Hijack' }),
      await erp.delete(`/api/question-bank/topics/${capitals}`),
      await erp.delete(`/api/question-bank/categories/${gk}`),
    ])
      expect(res.statusCode).toBe(404);
    expect(await countTopics(ids.partner)).toBe(before);
    const [row] = await t.deps.db.select().from(categories).where(eq(categories.categoryId, gk));
    expect(row.name).toBe('General Knowledge');
  });

  it('privileges: Read Only may not create, rename or delete', async () => {
    const ro = await as(t, 'readonly@example.com');
    const science = await ids.categoryOf(ids.erp, 'Science');
    expect((await ro.post('/api/question-bank/categories', { name: 'No' })).statusCode).toBe(403);
    expect((await ro.post('/api/question-bank/topics', { name: 'No', categoryId: science })).statusCode).toBe(
      403,
    );
    expect((await ro.put(`/api/question-bank/categories/${science}`, { name: 'No' })).statusCode).toBe(403);
    expect((await ro.delete(`/api/question-bank/categories/${science}`)).statusCode).toBe(403);
    expect((await ro.get('/api/question-bank/tree')).statusCode).toBe(200);
  });
});

describe('package limits (TopicHierarchy, MaxTopics)', () => {
  it('depth beyond TopicHierarchy is refused with the spec message', async () => {
    // Demo Content Partner is on Gold: TopicHierarchy 4.
    const history = await ids.topicOf(ids.partner, 'Indian History'); // depth 1
    const l2 = await partner.post('/api/question-bank/topics', { name: 'L2', parentTopicId: history });
    const l3 = await partner.post('/api/question-bank/topics', {
      name: 'L3',
      parentTopicId: l2.json().node.id,
    });
    const l4 = await partner.post('/api/question-bank/topics', {
      name: 'L4',
      parentTopicId: l3.json().node.id,
    });
    expect(l4.json().node.depth).toBe(4);
    const l5 = await partner.post('/api/question-bank/topics', {
      name: 'L5',
      parentTopicId: l4.json().node.id,
    });
    expect(l5.statusCode).toBe(403);
    expect(l5.json().message).toBe(licenceMessages.TopicHierarchy.replace('{n}', '4'));
    expect(l5.json().message).toBe('You cannot create more than 4 level hierarchy.');
  });

  it('topics beyond MaxTopics are refused, and two concurrent creates cannot both pass the last place', async () => {
    const current = await countTopics(ids.partner);
    const [gold] = await t.deps.db.select().from(licencePackages).where(eq(licencePackages.packageId, 2));
    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...gold.limits, MaxTopics: current + 1 } })
      .where(eq(licencePackages.packageId, 2));
    try {
      const gk = await ids.categoryOf(ids.partner, 'General Knowledge');
      const [a, b] = await Promise.all([
        partner.post('/api/question-bank/topics', { name: 'Race A', categoryId: gk }),
        partner.post('/api/question-bank/topics', { name: 'Race B', categoryId: gk }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 403]);
      const refused = a.statusCode === 403 ? a : b;
      expect(refused.json().message).toBe(
        `Please upgrade to higher package to create more than ${current + 1} topics.`,
      );
      expect(await countTopics(ids.partner)).toBe(current + 1);
    } finally {
      await t.deps.db
        .update(licencePackages)
        .set({ limits: gold.limits })
        .where(eq(licencePackages.packageId, 2));
    }
  });
});

describe('questions under a node', () => {
  it('the grid filter by a category or topic includes every topic below it', async () => {
    const physics = await ids.topicOf(ids.erp, 'Physics');
    const res = await erp.get(`/api/questions?topicId=${physics}&pageSize=100&contentFilter=1`);
    expect(res.json().totalCount).toBe(8 + 7);
    const science = await ids.categoryOf(ids.erp, 'Science');
    expect(
      (await erp.get(`/api/questions?categoryId=${science}&pageSize=10&contentFilter=1`)).json().totalCount,
    ).toBe(15 + 5 + 5);
    // A new question in a deep topic is found from the category.
    const circuits = await ids.topicOf(ids.erp, 'Circuits');
    expect((await erp.post('/api/questions', scqBody('TREE-1', [circuits]))).statusCode).toBe(201);
    const after = await erp.get(`/api/questions?categoryId=${science}&contentFilter=1`);
    expect(after.json().totalCount).toBe(26);
  });
});
