import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, setAccessTokenGetter } from './api-client.ts';
import { ApiError } from './api-error.ts';

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and array queries without indices', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    setAccessTokenGetter(() => 'tok');
    await apiRequest('/api/v1/accounts', {
      query: { status: ['active', 'deleted'] },
      schema: z.object({ ok: z.boolean() }),
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/accounts?status=active&status=deleted');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('rejects with the error body and its status', async () => {
    vi.stubGlobal(
      'fetch',
      respond(403, { code: 'email-not-allowed-in-staging', message: 'Not on the list.' }),
    );
    const error = await apiRequest('/api/v1/authorize', {
      method: 'POST',
      body: {},
      schema: z.unknown(),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'email-not-allowed-in-staging',
      message: 'Not on the list.',
    });
  });
});
