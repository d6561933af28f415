import {
  ContentType,
  questionMessages as m,
  QuestionStatus,
  QuestionType,
} from '@assess/contracts/questions';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  choicesFor,
  newQuestionValues,
  previewOf,
  type QuestionFormValues,
  questionResolver,
} from './questionForm';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<QuestionFormValues>;

const valid = (): QuestionFormValues => ({
  ...newQuestionValues([7]),
  code: 'Q-1',
  contentType: ContentType.Text,
  text: 'What is 2 + 2?',
  choices: [
    { text: '3', image: null, weight: null, feedback: null },
    { text: '4', image: null, weight: null, feedback: null },
    ...choicesFor(QuestionType.SCQ).slice(2),
  ],
  correctChoices: [2],
});

describe('question form values', () => {
  it('starts with §4 defaults: Draft, SCQ, difficulty 1, LaTeX, points 0, six empty choices', () => {
    const v = newQuestionValues([3]);
    expect(v).toMatchObject({
      status: QuestionStatus.Draft,
      questionType: QuestionType.SCQ,
      difficultyLevel: 1,
      contentType: ContentType.LaTeX,
      points: 0,
      topicIds: [3],
    });
    expect(v.choices).toHaveLength(6);
  });

  it('gives each type its choices: six, the True/False pair, none', () => {
    expect(choicesFor(QuestionType.MCQ)).toHaveLength(6);
    expect(choicesFor(QuestionType.TrueFalse).map((c) => c.text)).toEqual(['True', 'False']);
    expect(choicesFor(QuestionType.Numerical)).toEqual([]);
  });

  it('drops trailing empty choices from the body, keeping positions', () => {
    const v = valid();
    v.choices[3] = { text: 'x', image: null, weight: null, feedback: null };
    expect(bodyOf(v).choices?.map((c) => c.text)).toEqual(['3', '4', null, 'x']);
  });

  it('previews only filled choices, labelled by the choice format', () => {
    const p = previewOf({ ...valid(), choiceFormat: 4 });
    expect(p.choices.map((c) => [c.choiceId, c.label, c.text])).toEqual([
      [1, '(A)', '3'],
      [2, '(B)', '4'],
    ]);
  });
});

describe('question form resolver (the contracts schema)', () => {
  it('accepts a valid question', async () => {
    const r = await questionResolver(false)(valid(), undefined, options);
    expect(r.errors).toEqual({});
  });

  it('reports the whole-question rule as the root error', async () => {
    const r = await questionResolver(false)({ ...valid(), topicIds: [] }, undefined, options);
    expect(r.errors.root?.message).toBe(m.createMandatory);
    const ready = await questionResolver(false)(
      { ...valid(), status: QuestionStatus.Ready, correctChoices: [] },
      undefined,
      options,
    );
    expect(ready.errors.root?.message).toBe(m.createReadyMandatory);
  });

  it('reports field rules on their field', async () => {
    const r = await questionResolver(false)({ ...valid(), code: 'a b' }, undefined, options);
    expect(r.errors.code?.message).toBe(m.codeInvalid);
  });

  it('with choice weights (issue 26) the correct choices follow the weights; weights must add up', async () => {
    const v = valid();
    v.questionType = QuestionType.MCQ;
    v.choices = v.choices.map((c, i) => ({ ...c, text: c.text ?? (i < 3 ? `c${i}` : null), weight: 0 }));
    v.choices[0].weight = 50;
    v.choices[1].weight = 50;
    v.choices[2].weight = -100;
    v.correctChoices = [];
    expect(bodyOf(v).correctChoices).toEqual([1, 2]);
    expect((await questionResolver(false)(v, undefined, options)).errors).toEqual({});
    v.choices[1].weight = 40;
    const r = await questionResolver(false)(v, undefined, options);
    expect(r.errors.root?.message).toBe(m.weightsSum);
  });
});
