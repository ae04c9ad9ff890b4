import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDisabled } from './mailer.ts';
import { createNodemailerMailer } from './nodemailer-mailer.ts';
import { startSmtpTestServer } from './smtp-test-server.ts';

let smtp: Awaited<ReturnType<typeof startSmtpTestServer>>;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());

describe('the nodemailer mailer', () => {
  it('delivers a plain-text message to the SMTP server it is given', async () => {
    const mailer = createNodemailerMailer({ smtpUrl: smtp.url, from: 'CDCA Support <support@cdca.test>' });
    await mailer.sendMail({
      to: 'trader@example.test',
      subject: 'Re: Paying with USDC',
      text: 'Yes, USDC on Base works too.',
    });
    await mailer.close();
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'support@cdca.test', to: ['trader@example.test'] });
    expect(mail?.raw).toContain('Subject: Re: Paying with USDC');
    expect(mail?.raw).toContain('Yes, USDC on Base works too.');
  });

  it('refuses loudly when the server cannot be reached', async () => {
    const mailer = createNodemailerMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'support@cdca.test' });
    await expect(mailer.sendMail({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});

describe('without SMTP_URL', () => {
  it('sends nothing and does not fail', async () => {
    expect(mailDisabled.enabled).toBe(false);
    await expect(
      mailDisabled.sendMail({ to: 'a@example.test', subject: 's', text: 't' }),
    ).resolves.toBeUndefined();
  });
});
