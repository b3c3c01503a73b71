import { questionOps, type TOpInput } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api, apiUntyped, setUpApp } from '../../../test/kit.js';

setUpApp();

const getQ = async (question_id: number) => {
  const res = await api(questionOps.get, { question_id });
  return res.code === '0000' ? res.data : null;
};
const all = async (question_module: TOpInput<typeof questionOps.allGet>['question_module']) =>
  (await api(questionOps.allGet, { question_module })).data.list;

async function choiceQuestion(module: string, texts = ['Sales', 'Support']) {
  const res = await api(questionOps.add, {
    question_module: module,
    title: 'What is it about?',
    question_type: 'single_choice',
    answers: texts.map((text) => ({ text })),
  });
  return (await getQ(res.data.question_id)) as NonNullable<Awaited<ReturnType<typeof getQ>>>;
}

describe('pre-chat questions', () => {
  it('numbers choices, lists a module in order, and requires a title and choices', async () => {
    const q = await choiceQuestion('chat_a');
    expect(q.answers).toEqual([
      { choice_id: 1, text: 'Sales' },
      { choice_id: 2, text: 'Support' },
    ]);
    await api(questionOps.add, { question_module: 'chat_a', title: 'Your order number?', question_type: 'text' });
    expect((await all('chat_a')).map((x) => x.title)).toEqual(['What is it about?', 'Your order number?']);
    expect((await api(questionOps.add, { title: '' })).msg).toBe('Title is required');
    const noChoices = await api(questionOps.add, { title: 'Pick', question_type: 'multiple_choice', answers: [] });
    expect([noChoices.code, noChoices.msg]).toEqual(['FFFF', 'Add at least one choice']);
    expect((await apiUntyped(questionOps.add, { title: 'T', question_type: 'essay' })).fields.question_type).toBe(
      'Unknown value',
    );
  });

  it('checks rules: an existing choice of a choice question in the same module', async () => {
    const parent = await choiceQuestion('chat_b');
    const text = await api(questionOps.add, { question_module: 'chat_b', title: 'Free text' });
    const rule = (rule_question_id: number, rule_choice_id: number | null, module = 'chat_b') =>
      api(questionOps.add, {
        question_module: module,
        title: 'Which product?',
        rule_question_id,
        rule_choice_id,
      });
    expect((await rule(parent.question_id, 99)).fields.rule_choice_id).toBe('Invalid value');
    expect((await rule(parent.question_id, null)).fields.rule_choice_id).toBe('Invalid value');
    expect((await rule(text.data.question_id, 1)).fields.rule_question_id).toBe('Invalid value');
    expect((await rule(parent.question_id, 1, 'other_module')).fields.rule_question_id).toBe('Invalid value');
    expect((await rule(99_999_999, 1)).fields.rule_question_id).toBe('Invalid value');
    const ok = await rule(parent.question_id, 2);
    expect(ok.code).toBe('0000');
    expect(await getQ(ok.data.question_id)).toMatchObject({ rule_question_id: parent.question_id, rule_choice_id: 2 });
  });

  it('keeps choice ids across edits and will not drop a choice a rule waits for', async () => {
    const parent = await choiceQuestion('chat_c', ['A', 'B']);
    const child = await api(questionOps.add, {
      question_module: 'chat_c',
      title: 'After B',
      rule_question_id: parent.question_id,
      rule_choice_id: 2,
    });
    const edit = (
      answers: TOpInput<typeof questionOps.edit>['answers'],
      question_type: TOpInput<typeof questionOps.edit>['question_type'] = 'single_choice',
    ) =>
      api(questionOps.edit, {
        question_id: parent.question_id,
        question_module: 'chat_c',
        title: 'Topic',
        question_type,
        answers,
      });
    expect((await edit([{ choice_id: 2, text: 'B!' }, { text: 'C' }, { choice_id: 1, text: 'A' }])).code).toBe('0000');
    expect((await getQ(parent.question_id))?.answers).toEqual([
      { choice_id: 2, text: 'B!' },
      { choice_id: 3, text: 'C' },
      { choice_id: 1, text: 'A' },
    ]);
    const drop = await edit([{ choice_id: 1, text: 'A' }]);
    expect([drop.code, drop.msg]).toEqual(['FFFF', "This choice is used by another question's rule"]);
    expect((await edit([], 'text')).code).toBe('FFFF');
    expect((await edit([{ choice_id: 77, text: 'forged' }])).fields.answers).toBe('Invalid value');
    expect((await getQ(parent.question_id))?.answers).toHaveLength(3);
    // A rule may not go round: the parent cannot wait for its own child.
    const cycle = await api(questionOps.edit, {
      question_id: parent.question_id,
      question_module: 'chat_c',
      title: 'Topic',
      question_type: 'single_choice',
      answers: [{ choice_id: 2, text: 'B' }],
      rule_question_id: child.data.question_id,
      rule_choice_id: 1,
    });
    expect(cycle.code).toBe('FFFF');
  });

  it('deletes a question and drops the rules that pointed at it', async () => {
    const parent = await choiceQuestion('chat_d');
    const child = await api(questionOps.add, {
      question_module: 'chat_d',
      title: 'Then',
      rule_question_id: parent.question_id,
      rule_choice_id: 1,
      end_live_chat: true,
      end_live_message: 'Thanks, we will email you',
    });
    expect((await api(questionOps.delete, { question_id: parent.question_id })).code).toBe('0000');
    expect(await getQ(parent.question_id)).toBeNull();
    expect(await getQ(child.data.question_id)).toMatchObject({
      rule_question_id: null,
      rule_choice_id: null,
      end_live_chat: true,
    });
    expect((await api(questionOps.delete, { question_id: parent.question_id })).code).toBe('0404');
    const noMessage = await api(questionOps.add, { title: 'End', end_live_chat: true });
    expect(noMessage.fields.end_live_message).toBe('This field is required');
  });
});
