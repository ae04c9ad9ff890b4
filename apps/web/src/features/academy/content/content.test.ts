import { ZSkillLevel } from '@cdca/contracts';
import { planEpic } from '@cdca/engine';
import { describe, expect, it } from 'vitest';
import { looksLikeDirective, parseDirective } from './directives.ts';
import { findChecks, lessonProduct, parseCheck, runCheck, sameFigure } from './lesson-checks.ts';
import { parseLesson } from './lesson-meta.ts';
import { QUIZZES } from './quizzes.ts';

// Every lesson file starts with its two-digit order; README.md is for people, not the academy.
const FILES = import.meta.glob<string>('./[0-9]*.md', { query: '?raw', import: 'default', eager: true });
const lessons = Object.entries(FILES).map(([path, raw]) => ({ path, ...parseLesson(raw) }));

describe('academy lessons', () => {
  it('has at least ten lessons, each with valid front matter', () => {
    expect(lessons.length).toBeGreaterThanOrEqual(10);
    for (const { meta } of lessons) expect(ZSkillLevel.options).toContain(meta.level);
  });

  it('names each file after its order and slug', () => {
    for (const { path, meta } of lessons) {
      expect(path).toBe(`./${String(meta.order).padStart(2, '0')}-${meta.slug}.md`);
    }
  });

  it('gives every lesson a unique slug and a unique order', () => {
    const slugs = lessons.map((l) => l.meta.slug);
    const orders = lessons.map((l) => l.meta.order);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('offers lessons at every skill level', () => {
    for (const level of ZSkillLevel.options) {
      expect(lessons.some((l) => l.meta.level === level)).toBe(true);
    }
  });

  it('refuses malformed front matter', () => {
    expect(() => parseLesson('# no front matter')).toThrow();
    expect(() =>
      parseLesson('---\nslug: x\ntitle: X\nsummary: One.\nminutes: 2\nlevel: advanced\norder: 1\n---\nbody'),
    ).toThrow();
    expect(() =>
      parseLesson(
        '---\nslug: x\ntitle: X\nsummary: Two. Sentences.\nminutes: 2\nlevel: expert\norder: 1\n---\n',
      ),
    ).toThrow();
  });
});

describe('quizzes', () => {
  it('has a quiz of 3 to 4 questions for every lesson, and none without a lesson', () => {
    const slugs = lessons.map((l) => l.meta.slug).sort();
    expect(Object.keys(QUIZZES).sort()).toEqual(slugs);
    for (const slug of slugs) {
      const quiz = QUIZZES[slug] ?? [];
      expect(quiz.length, slug).toBeGreaterThanOrEqual(3);
      expect(quiz.length, slug).toBeLessThanOrEqual(4);
    }
  });

  it('keeps every answer index in range, with distinct choices and an explanation', () => {
    for (const [slug, quiz] of Object.entries(QUIZZES)) {
      for (const question of quiz) {
        const where = `${slug}: ${question.prompt}`;
        expect(question.choices.length, where).toBeGreaterThanOrEqual(2);
        expect(new Set(question.choices).size, where).toBe(question.choices.length);
        expect(Number.isInteger(question.answer), where).toBe(true);
        expect(question.answer, where).toBeGreaterThanOrEqual(0);
        expect(question.answer, where).toBeLessThan(question.choices.length);
        expect(question.why.trim(), where).not.toBe('');
      }
    }
  });
});

describe('widget directives', () => {
  const directives = lessons.flatMap(({ meta, body }) =>
    body
      .split('\n')
      .filter(looksLikeDirective)
      .map((line) => ({ slug: meta.slug, line })),
  );

  it('are used, and every directive line parses to valid inputs', () => {
    expect(directives.length).toBeGreaterThan(0);
    for (const { slug, line } of directives)
      expect(() => parseDirective(line), `${slug}: ${line}`).not.toThrow();
  });

  it('open every ladder widget on a plan the engine accepts', () => {
    for (const { slug, line } of directives) {
      const directive = parseDirective(line);
      if (directive.name === 'break-even-calculator') continue;
      const { coin, price } = directive.attributes;
      const product = lessonProduct(coin);
      const result = planEpic(directive.inputs, product, price ?? product.price);
      expect(result.ok ? [] : result.problems.map((p) => p.message), `${slug}: ${line}`).toEqual([]);
    }
  });

  it('refuses what the plan inputs refuse', () => {
    const ok =
      '::ladder-playground{coin="BTC-USD" budget="1000" dcaLevels="5" scaling="quadratic" load="back" direction="below" buySpread="2" sellSpread="1.5"}';
    expect(parseDirective(ok).name).toBe('ladder-playground');
    expect(() => parseDirective(ok.replace('quadratic', 'linear'))).toThrow();
    expect(() => parseDirective(ok.replace('dcaLevels', 'levels'))).toThrow();
    expect(() => parseDirective(ok.replace('"1.5"', '"1.5" extra="1"'))).toThrow();
    expect(() => parseDirective('::quiz{}')).toThrow();
    expect(() => parseDirective('::break-even-calculator{fee="0.6" sellSpread="1000"}')).toThrow();
    expect(parseDirective('::break-even-calculator{fee="0.6" sellSpread="1.5"}').name).toBe(
      'break-even-calculator',
    );
  });
});

describe('worked examples', () => {
  const checks = lessons.flatMap(({ meta, body }) =>
    findChecks(body).map((text) => ({ slug: meta.slug, text })),
  );

  it('mark their figures for checking in the maths lessons', () => {
    expect(checks.length).toBeGreaterThanOrEqual(20);
  });

  it.each(checks)('$slug: $text', ({ text }) => {
    expect(runCheck(parseCheck(text))).toEqual([]);
  });

  it('catches a figure the engine does not produce', () => {
    const wrong =
      'BTC-USD@97250.00 1000.00 5 quadratic back below 2 1.5 none => L2.price=95305.01 fill=1 tp=99301.00';
    const failures = runCheck(parseCheck(wrong));
    expect(failures).toHaveLength(2);
    expect(failures.join('\n')).toMatch(/L2.price[\s\S]*tp/);
  });

  it('compares quoted figures exactly or rounded half-up to the quoted decimals', () => {
    expect(sameFigure('18.18', '18.179915')).toBe(true);
    expect(sameFigure('18.17', '18.179915')).toBe(false);
    expect(sameFigure('97833.50', '97833.5')).toBe(true);
    expect(sameFigure('-2.46', '-2.46')).toBe(true);
  });
});
