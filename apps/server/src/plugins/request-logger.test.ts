import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/logger.ts';
import { cheapRequestLoggers } from './request-logger.ts';

/** Two servers with the product's logger settings, one with pino's own child loggers: their lines must be the same. */
const serverLogging = async (cheap: boolean) => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk).trim());
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions({ logLevel: 'trace' }, destination) });
  if (cheap) cheapRequestLoggers(app);
  app.get('/', async (request) => {
    request.log.info({ email: 'someone@example.test', nested: { token: 'secret-token' } }, 'handled');
    request.log.child({ module: 'x' }).warn({ user: { password: 'hunter2' } }, 'grandchild');
    return { ok: true };
  });
  await app.inject({ method: 'GET', url: '/?code=abc', headers: { authorization: 'Bearer secret-token' } });
  await app.close();
  return lines.map((line) => {
    const { time: _time, responseTime: _responseTime, ...rest } = JSON.parse(line);
    return rest;
  });
};

describe('request loggers without per-request redaction of the request id', () => {
  it('write the same lines as pino child loggers, redaction of logged fields included', async () => {
    const cheap = await serverLogging(true);
    expect(cheap).toEqual(await serverLogging(false));
    expect(cheap.find((line) => line.msg === 'handled')).toMatchObject({
      reqId: 'req-1',
      email: '[redacted]',
      nested: { token: '[redacted]' },
    });
    expect(cheap.find((line) => line.msg === 'grandchild')).toMatchObject({
      reqId: 'req-1',
      module: 'x',
      user: { password: '[redacted]' },
    });
    expect(JSON.stringify(cheap)).not.toContain('secret-token');
  });
});
