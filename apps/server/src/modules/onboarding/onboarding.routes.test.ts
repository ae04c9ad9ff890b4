import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { newTrader as createTrader } from '../../testing/traders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const newTrader = (email: string) => createTrader(t, email);

const step = (accessToken: string, name: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/onboarding/${name}`, headers: bearer(accessToken), payload });

describe('onboarding', () => {
  it('moves payment → breakdown → keys in order and records the skill level', async () => {
    const { accessToken } = await newTrader('steps@example.test');
    const payment = await step(accessToken, 'payment');
    expect(payment.statusCode).toBe(200);
    expect(payment.json().status).toBe('pending-breakdown');

    const breakdown = await step(accessToken, 'breakdown', { skillLevel: 'intermediate' });
    expect(breakdown.statusCode).toBe(200);
    expect(breakdown.json()).toMatchObject({ status: 'pending-keys', skillLevel: 'intermediate' });
  });

  it('refuses skipping ahead and going back with 409, naming the current status', async () => {
    const { accessToken } = await newTrader('skipper@example.test');
    const skip = await step(accessToken, 'tos', { accepted: true });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      code: 'onboarding-step-out-of-order',
      details: { currentStatus: 'pending-payment', expectedStatus: 'pending-tos' },
    });

    await step(accessToken, 'payment');
    const replay = await step(accessToken, 'payment');
    expect(replay.statusCode).toBe(409);
    expect(replay.json().details.currentStatus).toBe('pending-breakdown');
  });

  it('finishes with discord → terms → active', async () => {
    const { accessToken } = await createTrader(t, 'finisher@example.test', 'pending-discord');
    expect((await step(accessToken, 'discord')).json().status).toBe('pending-tos');
    const declined = await step(accessToken, 'tos', { accepted: false });
    expect(declined.statusCode).toBe(400);
    const accepted = await step(accessToken, 'tos', { accepted: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('active');
  });

  it('validates the skill level', async () => {
    const { accessToken } = await newTrader('skill@example.test');
    await step(accessToken, 'payment');
    const response = await step(accessToken, 'breakdown', { skillLevel: 'wizard' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation-failed');
  });

  it('answers two concurrent completions of one step with exactly one success', async () => {
    const { accessToken } = await newTrader('racer@example.test');
    const answers = await Promise.all([step(accessToken, 'payment'), step(accessToken, 'payment')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});
