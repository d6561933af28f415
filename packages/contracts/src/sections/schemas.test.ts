import { describe, expect, it } from 'vitest';
import { scqQuestion } from '../../test/examples';
import { questionMessages } from '../questions';
import { sectionMessages as m } from '../tests/common';
import { sectionOwnMessages as own } from './messages';
import {
  poolTopicsSchema,
  type SectionFlow,
  sectionFormSchema,
  sectionFormSchemaFor,
  sectionQuestionSchema,
} from './schemas';

const valid = { code: 'SEC_1-a', name: 'Physics', questionCount: '5' };
/** The messages the form shows for a value, by field ('_' the form's own). */
function messagesOf(value: Record<string, unknown>, flow: SectionFlow = 'quick') {
  const r = sectionFormSchemaFor(flow).safeParse(value);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.') || '_'] ??= []).push(i.message);
  return out;
}

describe('sectionFormSchema (the dialog and the route)', () => {
  it('accepts the form as typed (numbers as text) with the defaults', () => {
    expect(sectionFormSchema.parse(valid)).toEqual({
      code: 'SEC_1-a',
      name: 'Physics',
      questionCount: 5,
      maxQuestionForScore: null,
      pointsPerQuestion: 0,
      negativePointsPerQuestion: 0,
      passingScore: null,
      masteryScore: null,
      isMandatoryToPass: false,
      noOfChoices: 4,
      choiceFormat: 3,
    });
  });

  it.each([
    [{ code: '', name: '', questionCount: '' }, '_', m.codeNameCountMandatory],
    [{ ...valid, code: '' }, 'code', m.codeMandatory],
    [{ ...valid, code: 'a b' }, 'code', questionMessages.codeInvalid],
    [{ ...valid, code: 'x'.repeat(41) }, 'code', own.codeTooLong],
    [{ ...valid, name: ' ' }, 'name', m.nameMandatorySeries],
    [{ ...valid, name: 'Four' }, 'name', m.nameMandatorySeries],
    [{ ...valid, questionCount: '0' }, 'questionCount', m.countMandatory],
    [{ ...valid, questionCount: '-2' }, 'questionCount', m.countMandatory],
    [{ ...valid, questionCount: '2.5' }, 'questionCount', own.wholeNumber],
    [{ ...valid, questionCount: 'abc' }, 'questionCount', own.notANumber],
    [{ ...valid, maxQuestionForScore: '6' }, 'maxQuestionForScore', m.maxForScore],
    [{ ...valid, pointsPerQuestion: '-1' }, 'pointsPerQuestion', own.notNegative],
    [{ ...valid, negativePointsPerQuestion: '0.5' }, 'negativePointsPerQuestion', own.negativePoints],
    [{ ...valid, passingScore: '5', masteryScore: '4' }, 'masteryScore', m.masteryAbovePassing],
    [{ ...valid, passingScore: '5', masteryScore: '5' }, 'masteryScore', m.masteryAbovePassing],
    [{ ...valid, masteryScore: '5' }, 'masteryScore', m.masteryAbovePassing],
    [{ ...valid, isMandatoryToPass: true }, 'passingScore', m.passingWhenMandatory],
    [{ ...valid, isMandatoryToPass: true, passingScore: '2' }, 'masteryScore', m.mandatoryToPassScores],
    [{ ...valid, noOfChoices: '7' }, 'noOfChoices', m.noOfChoices],
    [{ ...valid, noOfChoices: '1' }, 'noOfChoices', m.noOfChoices],
    [{ ...valid, choiceFormat: 12 }, 'choiceFormat', own.choiceFormat],
    [{ ...valid, choiceFormat: -1 }, 'choiceFormat', own.choiceFormat],
  ])('%o → %s: %s', (value, field, message) => {
    expect(messagesOf(value)[field]).toContain(message);
  });

  it("the name's rule follows the flow: the full editor's 'mandatory' without a minimum, quick tests' 'Mandatory' from 5", () => {
    expect(messagesOf({ ...valid, name: ' ' }, 'full').name).toEqual([m.nameMandatory]);
    expect(messagesOf({ ...valid, name: 'Four' }, 'full')).toEqual({});
    expect(messagesOf({ ...valid, name: ' ' }, 'quick').name).toEqual([m.nameMandatorySeries]);
    expect(messagesOf({ ...valid, name: 'Four' }, 'quick').name).toEqual([m.nameMandatorySeries]);
    expect(messagesOf({ ...valid, name: 'Fives' }, 'quick')).toEqual({});
  });

  it('the edges are accepted: code of 40, negative points 0 and below, 2 and 6 choices, all 12 formats', () => {
    for (const ok of [
      { ...valid, code: 'x'.repeat(40) },
      { ...valid, negativePointsPerQuestion: '-0.5', maxQuestionForScore: '5' },
      { ...valid, noOfChoices: '2' },
      { ...valid, noOfChoices: 6 },
      { ...valid, isMandatoryToPass: true, passingScore: '2', masteryScore: '3' },
      ...Array.from({ length: 12 }, (_, choiceFormat) => ({ ...valid, choiceFormat })),
    ])
      expect(messagesOf(ok)).toEqual({});
  });
});

describe('poolTopicsSchema', () => {
  it('random draws need a topic; questions per topic is a whole number ≥ 1; types are deduplicated', () => {
    expect(poolTopicsSchema.safeParse({ topicIds: [] }).error?.issues[0]?.message).toBe(own.selectTopics);
    expect(
      poolTopicsSchema.safeParse({ topicIds: [1], questionsPerTopic: 0 }).error?.issues[0]?.message,
    ).toBe(own.questionsPerTopic);
    expect(poolTopicsSchema.parse({ topicIds: [3, 3], questionTypes: [4, 2, 2] })).toEqual({
      topicIds: [3],
      questionsPerTopic: null,
      questionTypes: [2, 4],
      randomizeType: 1,
    });
    expect(poolTopicsSchema.parse({ topicIds: [], randomizeType: 0 }).randomizeType).toBe(0);
  });
});

describe('sectionQuestionSchema (the section question dialog)', () => {
  const q = scqQuestion;
  const message = (v: Record<string, unknown>) =>
    sectionQuestionSchema.safeParse(v).error?.issues[0]?.message;
  it('its three messages in order; Ready by default; the code may be left to the server', () => {
    expect(message({ ...q, text: '' })).toBe(m.questionTextOrImage);
    expect(message({ ...q, choices: [{ text: 'only one', image: null }] })).toBe(m.setChoices);
    expect(message({ ...q, correctChoices: [] })).toBe(m.selectAnswers);
    expect(message({ ...q, questionType: 4, choices: [], correctChoices: [] })).toBe(m.selectAnswers);
    const ok = sectionQuestionSchema.parse(q);
    expect(ok.status).toBe(2);
    expect(ok.code).toBe('');
  });
});
