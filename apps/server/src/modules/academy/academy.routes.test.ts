import { LESSON_SLUGS, ZAcademyProgress, ZApiError, ZLessonProgress } from '@cdca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader, type Trader } from '../../testing/traders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const progress = (who: Trader) =>
  t.app.inject({ method: 'GET', url: '/api/v1/academy/progress', headers: who.headers });
const mark = (who: Trader, slug: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/academy/progress/${slug}`, headers: who.headers, payload });

describe('academy progress', () => {
  it('starts empty and records a lesson read, then its quiz passed, keeping both marks', async () => {
    const trader = await newTrader(t, 'learner@example.test', 'active');
    expect(ZAcademyProgress.parse((await progress(trader)).json())).toEqual({ lessons: [] });

    const read = await mark(trader, 'first-epic', { read: true });
    expect(read.statusCode).toBe(200);
    expect(ZLessonProgress.parse(read.json())).toMatchObject({
      slug: 'first-epic',
      read: true,
      quizPassed: false,
    });

    const passed = await mark(trader, 'first-epic', { quizPassed: true });
    expect(ZLessonProgress.parse(passed.json())).toMatchObject({ read: true, quizPassed: true });

    const all = ZAcademyProgress.parse((await progress(trader)).json());
    expect(all.lessons).toEqual([
      expect.objectContaining({ slug: 'first-epic', read: true, quizPassed: true }),
    ]);
  });

  it('is idempotent: a repeated mark changes nothing, not even the time', async () => {
    const trader = await newTrader(t, 'repeater@example.test', 'active');
    const first = ZLessonProgress.parse(
      (await mark(trader, 'risk', { read: true, quizPassed: true })).json(),
    );
    const again = ZLessonProgress.parse(
      (await mark(trader, 'risk', { read: true, quizPassed: true })).json(),
    );
    const readOnly = ZLessonProgress.parse((await mark(trader, 'risk', { read: true })).json());
    expect(again).toEqual(first);
    expect(readOnly).toEqual(first);
    expect(ZAcademyProgress.parse((await progress(trader)).json()).lessons).toHaveLength(1);
  });

  it('shows each trader only their own progress', async () => {
    const alice = await newTrader(t, 'alice-academy@example.test', 'active');
    const bob = await newTrader(t, 'bob-academy@example.test', 'active');
    await mark(alice, 'community', { read: true });
    await mark(bob, 'closing', { quizPassed: true });
    const aliceSees = ZAcademyProgress.parse((await progress(alice)).json()).lessons.map((l) => l.slug);
    const bobSees = ZAcademyProgress.parse((await progress(bob)).json()).lessons.map((l) => l.slug);
    expect(aliceSees).toEqual(['community']);
    expect(bobSees).toEqual(['closing']);
  });

  it('keeps progress for an account still onboarding', async () => {
    const newcomer = await newTrader(t, 'newcomer-academy@example.test', 'pending-keys');
    expect((await mark(newcomer, 'api-keys', { read: true })).statusCode).toBe(200);
  });

  it('refuses an unknown lesson and an empty or unmarking body with {code, message}', async () => {
    const trader = await newTrader(t, 'typo@example.test', 'active');
    expect(LESSON_SLUGS).not.toContain('no-such-lesson');
    for (const [slug, payload] of [
      ['no-such-lesson', { read: true }],
      ['risk', {}],
      ['risk', { read: false }],
      ['risk', { read: true, extra: 1 }],
    ] as const) {
      const response = await mark(trader, slug, payload);
      expect(response.statusCode, `${slug} ${JSON.stringify(payload)}`).toBe(400);
      expect(ZApiError.parse(response.json())).toMatchObject({ code: 'validation-failed' });
    }
    expect(ZAcademyProgress.parse((await progress(trader)).json()).lessons).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/academy/progress' });
    expect(response.statusCode).toBe(401);
    expect(ZApiError.parse(response.json()).code).toBeTruthy();
  });
});
