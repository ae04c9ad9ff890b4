import { Check, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import type { Question } from '../content/quizzes.ts';
import { markQuiz, type QuizAnswers } from '../lib/quiz.ts';
import styles from './academy.module.css';

export type LessonQuizProps = {
  questions: readonly Question[];
  /** Already passed on the server: the quiz opens with a "passed" note, still answerable. */
  passed: boolean;
  onPassed: () => void;
  saving?: boolean;
};

/**
 * The lesson's quiz, marked in the browser (docs/decisions/academy.md): pick an answer per question, check, and
 * every question shows whether it was right and why. All right is a pass, which the page saves.
 */
export const LessonQuiz = ({ questions, passed, onPassed, saving = false }: LessonQuizProps) => {
  const [answers, setAnswers] = useState<QuizAnswers>(() => questions.map(() => null));
  const [checked, setChecked] = useState(false);
  const result = markQuiz(questions, answers);

  const pick = (question: number, choice: number) => {
    setChecked(false);
    setAnswers((current) => current.map((value, i) => (i === question ? choice : value)));
  };
  const check = () => {
    setChecked(true);
    if (result.passed) onPassed();
  };
  const retry = () => {
    setChecked(false);
    setAnswers(questions.map(() => null));
  };

  return (
    <section className={styles.quiz} aria-labelledby="quiz-title" data-testid="lesson-quiz">
      <header className={styles.quizHeader}>
        <h2 id="quiz-title">Check what you learned</h2>
        {passed ? (
          <span className={styles.passedBadge} data-testid="quiz-passed">
            <Check size={14} aria-hidden="true" /> Passed
          </span>
        ) : (
          <span className={styles.quizCount}>{questions.length} questions</span>
        )}
      </header>
      <ol className={styles.questions}>
        {questions.map((question, q) => {
          const pickIndex = answers[q];
          const right = checked && pickIndex === question.answer;
          const wrong = checked && pickIndex !== null && pickIndex !== question.answer;
          return (
            <li
              key={question.prompt}
              className={styles.question}
              data-state={right ? 'right' : wrong ? 'wrong' : undefined}
            >
              <fieldset>
                <legend>{question.prompt}</legend>
                <div className={styles.choices}>
                  {question.choices.map((choice, c) => (
                    <label
                      key={choice}
                      className={styles.choice}
                      data-picked={pickIndex === c || undefined}
                      data-correct={checked && pickIndex === c ? c === question.answer : undefined}
                    >
                      <input
                        type="radio"
                        name={`question-${q}`}
                        checked={pickIndex === c}
                        onChange={() => pick(q, c)}
                      />
                      <span>{choice}</span>
                    </label>
                  ))}
                </div>
                {checked && pickIndex !== null ? (
                  <p className={styles.why} role="status">
                    {right ? <Check size={15} aria-hidden="true" /> : <X size={15} aria-hidden="true" />}
                    <span>
                      <strong>{right ? 'Right.' : 'Not quite.'}</strong> {question.why}
                    </span>
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <footer className={styles.quizFooter}>
        {checked ? (
          <p className={styles.score} data-testid="quiz-score">
            {result.correct} of {result.total} right
            {result.passed
              ? ' — quiz passed.'
              : result.answered < result.total
                ? ' — answer every question.'
                : '.'}
          </p>
        ) : (
          <p className={styles.score}>
            {result.answered} of {result.total} answered
          </p>
        )}
        <div className={styles.quizActions}>
          {checked && !result.passed ? (
            <Button variant="ghost" onClick={retry}>
              <RotateCcw size={15} aria-hidden="true" /> Start over
            </Button>
          ) : null}
          <Button onClick={check} disabled={result.answered === 0 || saving}>
            Check answers
          </Button>
        </div>
      </footer>
    </section>
  );
};
