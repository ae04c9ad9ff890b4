import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileLesson } from '../build/lessons-plugin.ts';
import { LessonBody } from './lesson-body.tsx';
import { LessonQuiz } from './lesson-quiz.tsx';

afterEach(cleanup);

const HEADER = '---\nslug: x\n---\n';

describe('LessonBody', () => {
  it('renders Markdown as elements and HTML in the text as plain text, never as markup', () => {
    const { blocks } = compileLesson(
      `${HEADER}## Fees\n\nA **bold** claim with <img src=x onerror=alert(1)> and [a trap](javascript:alert(1)).\n\n<div id="raw">raw block</div>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`,
    );
    const { container } = render(<LessonBody blocks={blocks} renderWidget={() => null} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Fees' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('#raw')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('a trap');
    // A lesson table has no caption: its column heads name it, for the table and its sideways scroll.
    expect(screen.getByRole('table', { name: 'a, b' })).toBeTruthy();
  });

  it('hands each widget directive to the page, and shows a note for a broken one', () => {
    const { blocks } = compileLesson(
      `${HEADER}Before.\n::break-even-calculator{fee="0.6" sellSpread="1.5"}\n::ladder-playground{coin="nope"}\nAfter.\n`,
    );
    const renderWidget = vi.fn(() => <p>widget here</p>);
    render(<LessonBody blocks={blocks} renderWidget={renderWidget} />);
    expect(renderWidget).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'break-even-calculator',
        attributes: { fee: '0.6', sellSpread: '1.5' },
      }),
    );
    expect(screen.getByText('widget here')).toBeTruthy();
    expect(screen.getByText('This interactive example could not be shown.')).toBeTruthy();
    expect(screen.getByText('After.')).toBeTruthy();
  });
});

describe('LessonQuiz', () => {
  const questions = [
    { prompt: 'Two plus two?', choices: ['3', '4'], answer: 1, why: 'Counting.' },
    { prompt: 'Sky colour?', choices: ['Blue', 'Green'], answer: 0, why: 'Looking up.' },
  ];

  it('explains a wrong answer and passes only when every answer is right', () => {
    const onPassed = vi.fn();
    render(<LessonQuiz questions={questions} passed={false} onPassed={onPassed} />);
    fireEvent.click(screen.getByRole('radio', { name: '3' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    expect(onPassed).not.toHaveBeenCalled();
    expect(screen.getByText('Counting.')).toBeTruthy();
    expect(screen.getByTestId('quiz-score').textContent).toContain('1 of 2 right');

    fireEvent.click(screen.getByRole('radio', { name: '4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answers' }));
    expect(onPassed).toHaveBeenCalledOnce();
    expect(screen.getByTestId('quiz-score').textContent).toContain('quiz passed');
  });
});
