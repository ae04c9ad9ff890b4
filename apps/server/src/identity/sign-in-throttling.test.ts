import { manualClock } from '@cdca/engine/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { buildThrottledTestApp, tabAt } from '../lib/rate-limits/testing/throttled.fixture.ts';
import { signUp, startAuthorization, TEST_PASSWORD } from '../testing/sign-in.ts';
import { testDatabaseUrl } from '../testing/test-database.ts';

// docs/decisions/sign-in-throttling.md: the figures these tests hold the pages to.

type ThrottledApp = Awaited<ReturnType<typeof buildThrottledTestApp>>;
let current: ThrottledApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const START = '2030-01-01T10:00:00Z';
const start = async (env: Record<string, string> = {}) => {
  const clock = manualClock(START);
  current = await buildThrottledTestApp(env, clock);
  return { ...current, clock };
};

const alertOf = (html: string) =>
  (/role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ').trim();
const formAction = (html: string) =>
  (/<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&');

/** The sign-in (or sign-up) page opened from one client address; `post` submits its form. */
const openForm = async (app: FastifyInstance, ip: string, screenHint?: 'signup') => {
  const tab = tabAt(app, ip);
  const { response } = await startAuthorization(tab, app, screenHint ? { screenHint } : {});
  const action = formAction(response.body);
  return {
    action,
    post: (email: string, password: string) => tab.post(action, { email, password }),
  };
};

const EMAIL = 'target@example.test';

// Each attempt is a real scrypt check on a shared machine: generous timeouts, no timing in the assertions.
describe('sign-in throttling per e-mail and address', { timeout: 120_000 }, () => {
  test('wrong passwords: a growing wait from the 5th, a 15-minute lock at the 10th, the right one refused meanwhile, then accepted', async () => {
    const { app, clock } = await start();
    await signUp(app, { email: EMAIL });
    const attacker = await openForm(app, '203.0.113.7');

    for (let failure = 1; failure <= 4; failure += 1) {
      const response = await attacker.post(EMAIL, `wrong-guess-${failure}`);
      expect(response.statusCode, `failure ${failure}`).toBe(401);
    }
    const fifth = await attacker.post(EMAIL, 'wrong-guess-5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe('15');
    expect(alertOf(fifth.body)).toBe(
      'That e-mail and password do not match. Too many failed sign-ins. Try again in 15 seconds, at 10:00:15 UTC.',
    );

    // Refused, not slowed: the right password is not even checked while the wait lasts.
    const rightDuringWait = await attacker.post(EMAIL, TEST_PASSWORD);
    expect(rightDuringWait.statusCode).toBe(429);
    expect(alertOf(rightDuringWait.body)).toBe(
      'Too many failed sign-ins. Try again in 15 seconds, at 10:00:15 UTC.',
    );

    const waits: string[] = [];
    let wait = 15;
    for (let failure = 6; failure <= 9; failure += 1) {
      clock.advanceSeconds(wait);
      const response = await attacker.post(EMAIL, `wrong-guess-${failure}`);
      expect(response.statusCode).toBe(429);
      wait = Number(response.headers['retry-after']);
      waits.push(String(wait));
    }
    expect(waits).toEqual(['30', '60', '120', '240']);

    clock.advanceSeconds(wait); // 10:07:45
    const tenth = await attacker.post(EMAIL, 'wrong-guess-10');
    expect(tenth.statusCode).toBe(429);
    expect(tenth.headers['retry-after']).toBe('900');
    expect(alertOf(tenth.body)).toBe(
      'That e-mail and password do not match. Too many failed sign-ins for this e-mail, so signing in with it is paused for your security. Try again in 15 minutes, at 10:23 UTC.',
    );

    // The lock is the e-mail's: the owner, from another address and with the right password, waits too.
    const owner = await openForm(app, '198.51.100.20');
    const ownerDuringLock = await owner.post(EMAIL, TEST_PASSWORD);
    expect(ownerDuringLock.statusCode).toBe(429);
    expect(alertOf(ownerDuringLock.body)).toBe(
      'Too many failed sign-ins for this e-mail, so signing in with it is paused for your security. Try again in 15 minutes, at 10:23 UTC.',
    );

    clock.advanceSeconds(15 * 60);
    const ownerAfterLock = await owner.post(EMAIL, TEST_PASSWORD);
    expect(ownerAfterLock.statusCode).toBe(303);
  });

  test('a success resets the e-mail+address count, so a later typo is not punished for old ones', async () => {
    const { app } = await start();
    await signUp(app, { email: EMAIL });
    const ip = '203.0.113.8';
    const before = await openForm(app, ip);
    for (let failure = 1; failure <= 4; failure += 1) {
      expect((await before.post(EMAIL, `typo-${failure}`)).statusCode).toBe(401);
    }
    expect((await before.post(EMAIL, TEST_PASSWORD)).statusCode).toBe(303);

    const after = await openForm(app, ip);
    for (let failure = 1; failure <= 4; failure += 1) {
      expect((await after.post(EMAIL, `typo-again-${failure}`)).statusCode, `failure ${failure}`).toBe(401);
    }
  });

  test('an unknown e-mail is locked exactly like a known one, so a lock reveals nobody', async () => {
    const { app } = await start({ SIGN_IN_LOCK_AFTER: '3', SIGN_IN_DELAY_AFTER: '50' });
    await signUp(app, { email: EMAIL });
    const answers = [];
    for (const email of [EMAIL, 'nobody@example.test']) {
      const form = await openForm(app, '203.0.113.9');
      const statuses = [];
      let last = '';
      for (let failure = 1; failure <= 3; failure += 1) {
        const response = await form.post(email, `wrong-${failure}`);
        statuses.push(response.statusCode);
        last = alertOf(response.body);
      }
      answers.push({ statuses, last });
    }
    expect(answers[0]).toEqual({
      statuses: [401, 401, 429],
      last: 'That e-mail and password do not match. Too many failed sign-ins for this e-mail, so signing in with it is paused for your security. Try again in 15 minutes, at 10:15 UTC.',
    });
    expect(answers[1]).toEqual(answers[0]);
  });

  test('guesses sent all at once: no more passwords are checked than the lock allows', async () => {
    const { app } = await start({ SIGN_IN_LOCK_AFTER: '3', SIGN_IN_DELAY_AFTER: '50' });
    await signUp(app, { email: EMAIL });
    const form = await openForm(app, '203.0.113.13');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, guess) => form.post(EMAIL, `parallel-guess-${guess}`)),
    );
    const checked = answers.filter((answer) => alertOf(answer.body).startsWith('That e-mail and password'));
    expect(checked).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(6);
  });

  test('an address failing across many e-mails is locked for a day, other addresses are not', async () => {
    const { app } = await start({ SIGN_IN_IP_FAILURES_PER_DAY: '3' });
    await signUp(app, { email: EMAIL });
    const sprayer = await openForm(app, '203.0.113.10');
    const statuses = [];
    for (const email of ['a@example.test', 'b@example.test', 'c@example.test']) {
      statuses.push((await sprayer.post(email, 'Password123!')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    const fourth = await sprayer.post(EMAIL, TEST_PASSWORD);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBe(String(24 * 60 * 60));
    expect(alertOf(fourth.body)).toBe(
      'Too many failed sign-ins from your network, so signing in from it is paused for your security. Try again in 24 hours, at 10:00 UTC on 2 January.',
    );
    const elsewhere = await openForm(app, '198.51.100.21');
    expect((await elsewhere.post(EMAIL, TEST_PASSWORD)).statusCode).toBe(303);
  });

  test.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL count the same failures', async () => {
    const { app, second } = await start({ SIGN_IN_LOCK_AFTER: '2', SIGN_IN_DELAY_AFTER: '50' });
    const other = await second();
    await signUp(app, { email: EMAIL });
    expect((await (await openForm(app, '203.0.113.11')).post(EMAIL, 'wrong-1')).statusCode).toBe(401);
    const onOther = await (await openForm(other, '203.0.113.12')).post(EMAIL, 'wrong-2');
    expect(onOther.statusCode).toBe(429);
    expect(alertOf(onOther.body)).toContain('paused for your security');
    const rightOnFirst = await (await openForm(app, '198.51.100.22')).post(EMAIL, TEST_PASSWORD);
    expect(rightOnFirst.statusCode).toBe(429);
  });
});

describe('sign-up throttling and taken e-mails', { timeout: 120_000 }, () => {
  test('sign-ups per address per hour: the page says when; a form with typos does not count', async () => {
    const { app, clock } = await start({ SIGN_UPS_PER_IP_PER_HOUR: '2' });
    const ip = '203.0.113.20';
    const weak = await (await openForm(app, ip, 'signup')).post('new-0@example.test', 'password1');
    expect(weak.statusCode).toBe(400);
    for (const n of [1, 2]) {
      const created = await (await openForm(app, ip, 'signup')).post(`new-${n}@example.test`, TEST_PASSWORD);
      expect(created.statusCode, `sign-up ${n}`).toBe(303);
    }
    const third = await (await openForm(app, ip, 'signup')).post('new-3@example.test', TEST_PASSWORD);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('3600');
    expect(alertOf(third.body)).toBe(
      'Too many accounts were created from your network. Try again in 60 minutes, at 11:00 UTC.',
    );
    expect(formAction(third.body)).toMatch(/\/sign-up$/);

    const elsewhere = await (await openForm(app, '198.51.100.30', 'signup')).post(
      'new-4@example.test',
      TEST_PASSWORD,
    );
    expect(elsewhere.statusCode).toBe(303);
    clock.advanceSeconds(60 * 60);
    const later = await (await openForm(app, ip, 'signup')).post('new-3@example.test', TEST_PASSWORD);
    expect(later.statusCode).toBe(303);
  });

  test('a taken e-mail on the sign-up form is a failed sign-in, and counts towards the lock', async () => {
    const { app } = await start({ SIGN_IN_LOCK_AFTER: '2', SIGN_IN_DELAY_AFTER: '50' });
    await signUp(app, { email: EMAIL });
    const first = await (await openForm(app, '203.0.113.30', 'signup')).post(EMAIL, 'Another-pass-42');
    expect(first.statusCode).toBe(401);
    expect(alertOf(first.body)).toBe('That e-mail and password do not match. Check both and try again.');
    expect(formAction(first.body)).toMatch(/\/sign-in$/);
    const second = await (await openForm(app, '203.0.113.30', 'signup')).post(EMAIL, 'Another-pass-43');
    expect(second.statusCode).toBe(429);
    expect(alertOf(second.body)).toContain('paused for your security. Try again in 15 minutes');
  });
});
