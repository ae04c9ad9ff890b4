import type { Question } from '../content/quizzes.ts';

/** The trader's pick per question, by index; null while unanswered. */
export type QuizAnswers = readonly (number | null)[];

export type QuizResult = { answered: number; correct: number; total: number; passed: boolean };

/**
 * Marks a quiz in the browser (the answers ship with the lesson; the quiz teaches, it is not an exam). Passed
 * means every question answered right: a wrong answer shows its explanation, and the trader can try again.
 */
export const markQuiz = (questions: readonly Question[], answers: QuizAnswers): QuizResult => {
  let answered = 0;
  let correct = 0;
  questions.forEach((question, i) => {
    const pick = answers[i];
    if (pick === null || pick === undefined) return;
    answered += 1;
    if (pick === question.answer) correct += 1;
  });
  const total = questions.length;
  return { answered, correct, total, passed: total > 0 && correct === total };
};
