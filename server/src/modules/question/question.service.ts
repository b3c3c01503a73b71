import type { TQuestion, TQuestionType, ZQuestionAddRequest } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { chatQuestion } from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/app-error.js';

type Input = z.output<typeof ZQuestionAddRequest>;
type Row = typeof chatQuestion.$inferSelect;
type Choice = { choice_id: number; text: string };

const isChoice = (type: string) => type !== 'text';

const present = (r: Row): TQuestion => ({
  question_id: r.questionId,
  question_module: r.questionModule,
  title: r.title,
  rule_question_id: r.ruleQuestionId,
  rule_choice_id: r.ruleChoiceId,
  answers: r.answers,
  question_type: r.questionType as TQuestionType,
  need_submit_user_info: r.needSubmitUserInfo,
  end_live_chat: r.endLiveChat,
  end_live_message: r.endLiveMessage,
  create_ts: r.createTs,
  update_ts: r.updateTs,
});

async function find(db: DbOrTx, questionId: number): Promise<Row | null> {
  const rows = await db.select().from(chatQuestion).where(eq(chatQuestion.questionId, questionId)).limit(1);
  return rows[0] ?? null;
}

export async function questionAllGet(db: Db, module: string) {
  const rows = await db
    .select()
    .from(chatQuestion)
    .where(eq(chatQuestion.questionModule, module))
    .orderBy(asc(chatQuestion.questionId));
  return { list: rows.map(present) };
}

export async function questionGet(db: Db, questionId: number) {
  const row = await find(db, questionId);
  if (!row) {
    throw notFound();
  }
  return present(row);
}

/** Choices keep the ids they were sent with (which must be this question's); new ones get the next ids. */
function numberChoices(input: Input, stored: Choice[]): Choice[] {
  if (!isChoice(input.question_type)) {
    return [];
  }
  if (input.answers.length === 0) {
    throw invalid('choices_required', 'answers');
  }
  const known = new Set(stored.map((c) => c.choice_id));
  const sent = input.answers.map((a) => a.choice_id).filter((id): id is number => id !== undefined);
  if (sent.some((id) => !known.has(id)) || new Set(sent).size !== sent.length) {
    throw invalid('field_invalid', 'answers');
  }
  let next = Math.max(0, ...stored.map((c) => c.choice_id)) + 1;
  return input.answers.map((a) => ({ choice_id: a.choice_id ?? next++, text: a.text }));
}

/**
 * A rule shows the question only after a given choice of an earlier question: that question must
 * be a choice question of the same module holding that choice, and rules may not go round.
 */
async function checkRule(tx: DbOrTx, input: Input, selfId: number | null) {
  if (input.rule_question_id === null) {
    // A choice without its question would be kept as nothing: say so rather than drop it.
    if (input.rule_choice_id !== null) {
      throw invalid('field_invalid', 'rule_choice_id');
    }
    return;
  }
  const target = await find(tx, input.rule_question_id);
  if (!target || target.questionModule !== input.question_module || !isChoice(target.questionType)) {
    throw invalid('field_invalid', 'rule_question_id');
  }
  if (input.rule_choice_id === null || !target.answers.some((c) => c.choice_id === input.rule_choice_id)) {
    throw invalid('field_invalid', 'rule_choice_id');
  }
  let at: Row | null = target;
  for (let depth = 0; at && depth < 100; depth++) {
    if (selfId !== null && at.questionId === selfId) {
      throw invalid('field_invalid', 'rule_question_id');
    }
    at = at.ruleQuestionId ? await find(tx, at.ruleQuestionId) : null;
  }
}

function checkEnding(input: Input) {
  if (input.end_live_chat && !input.end_live_message) {
    throw invalid('required_field', 'end_live_message');
  }
}

function values(input: Input, answers: Choice[]) {
  return {
    questionModule: input.question_module,
    title: input.title,
    ruleQuestionId: input.rule_question_id,
    ruleChoiceId: input.rule_question_id === null ? null : input.rule_choice_id,
    answers,
    questionType: input.question_type,
    needSubmitUserInfo: input.need_submit_user_info,
    endLiveChat: input.end_live_chat,
    endLiveMessage: input.end_live_message,
    updateTs: Date.now(),
  };
}

export async function questionAdd(db: Db, input: Input) {
  checkEnding(input);
  const answers = numberChoices(input, []);
  return db.transaction(async (tx) => {
    await checkRule(tx, input, null);
    const [row] = await tx
      .insert(chatQuestion)
      .values({ ...values(input, answers), createTs: Date.now() })
      .returning({ questionId: chatQuestion.questionId });
    return { question_id: row?.questionId as number };
  });
}

export async function questionEdit(db: Db, input: Input & { question_id: number }) {
  checkEnding(input);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(chatQuestion)
      .where(eq(chatQuestion.questionId, input.question_id))
      .for('update');
    const stored = rows[0];
    if (!stored) {
      throw notFound();
    }
    const answers = numberChoices(input, stored.answers);
    await checkRule(tx, input, input.question_id);
    // A choice that another question's rule waits for cannot disappear (nor move to another module).
    const kept = new Set(answers.map((c) => c.choice_id));
    const dependants = await tx.select().from(chatQuestion).where(eq(chatQuestion.ruleQuestionId, input.question_id));
    if (dependants.some((d) => !kept.has(d.ruleChoiceId ?? -1) || d.questionModule !== input.question_module)) {
      throw invalid('choice_in_use', 'answers');
    }
    await tx.update(chatQuestion).set(values(input, answers)).where(eq(chatQuestion.questionId, input.question_id));
  });
}

/** Questions whose rule pointed at it become unconditional. */
export async function questionDelete(db: Db, questionId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(chatQuestion)
      .set({ ruleQuestionId: null, ruleChoiceId: null, updateTs: Date.now() })
      .where(eq(chatQuestion.ruleQuestionId, questionId));
    const deleted = await tx
      .delete(chatQuestion)
      .where(eq(chatQuestion.questionId, questionId))
      .returning({ id: chatQuestion.questionId });
    if (!deleted[0]) {
      throw notFound();
    }
  });
}
