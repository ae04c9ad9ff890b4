import { LESSON_SLUGS } from '@cdca/contracts';
import { describe, expect, it } from 'vitest';
import { compileLesson } from '../build/lessons-plugin.ts';
import { groupLessons, LESSONS, loadLesson, nextLesson } from './lessons.ts';
import { courseProgress } from './progress.ts';
import { markQuiz } from './quiz.ts';

describe('the course', () => {
  it('lists exactly the lessons the server keeps progress for', () => {
    expect(LESSONS.map((l) => l.slug).sort()).toEqual([...LESSON_SLUGS].sort());
  });

  it('starts with the trader’s own skill level, each group in course order', () => {
    const groups = groupLessons(LESSONS, 'intermediate');
    expect(groups.map((g) => g.level)).toEqual(['intermediate', 'beginner', 'expert']);
    for (const group of groups) {
      const orders = group.lessons.map((l) => l.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
    expect(groupLessons(LESSONS, null)[0]?.level).toBe('beginner');
  });

  it('offers the next lesson in that reading order', () => {
    const ordered = groupLessons(LESSONS, 'expert').flatMap((g) => g.lessons);
    expect(nextLesson(ordered[0]?.slug ?? '', 'expert')).toEqual(ordered[1]);
    expect(nextLesson(ordered.at(-1)?.slug ?? '', 'expert')).toBeUndefined();
  });

  it('loads a lesson compiled to data, widgets kept in place and check comments dropped', async () => {
    const lesson = await loadLesson('take-profit-repricing');
    expect(lesson.blocks.some((b) => b.t === 'widget' && b.line.startsWith('::fill-simulator'))).toBe(true);
    expect(JSON.stringify(lesson.blocks)).not.toContain('check:');
  });
});

describe('compiling Markdown', () => {
  it('keeps text as text: HTML in a lesson never becomes markup', () => {
    const compiled = compileLesson(
      '---\nslug: x\n---\n# Title\n\nSome **bold** <script>alert(1)</script> & [a link](https://example.com)\n\n<div>raw</div>\n',
    );
    expect(compiled.header).toBe('---\nslug: x\n---\n');
    const json = JSON.stringify(compiled.blocks);
    expect(json).not.toContain('<div>');
    expect(compiled.blocks[0]).toEqual({ t: 'heading', depth: 1, c: [{ t: 'text', v: 'Title' }] });
    expect(compiled.blocks[1]?.t).toBe('paragraph');
  });
});

describe('quiz and progress', () => {
  const quiz = [
    { prompt: 'a', choices: ['x', 'y'], answer: 1, why: '.' },
    { prompt: 'b', choices: ['x', 'y'], answer: 0, why: '.' },
  ];
  it('passes only with every answer right', () => {
    expect(markQuiz(quiz, [1, null])).toMatchObject({ answered: 1, correct: 1, passed: false });
    expect(markQuiz(quiz, [1, 1])).toMatchObject({ answered: 2, correct: 1, passed: false });
    expect(markQuiz(quiz, [1, 0])).toMatchObject({ correct: 2, passed: true });
  });

  it('counts a lesson done when its quiz is passed', () => {
    const progress = courseProgress(LESSONS.slice(0, 4), {
      lessons: [
        {
          slug: LESSONS[0]?.slug as never,
          read: true,
          quizPassed: true,
          updatedAt: new Date(0).toISOString(),
        },
        {
          slug: LESSONS[1]?.slug as never,
          read: true,
          quizPassed: false,
          updatedAt: new Date(0).toISOString(),
        },
      ],
    });
    expect(progress).toEqual({ done: 1, read: 2, total: 4, percent: 25 });
  });
});
