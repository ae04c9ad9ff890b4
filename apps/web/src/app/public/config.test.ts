import { describe, expect, it } from 'vitest';
import { embeddedConfig, readPublicConfig } from './config.tsx';

const served = {
  productName: 'CDCA',
  appEnv: 'production',
  auth: {
    provider: 'embedded',
    authority: 'https://x/oidc',
    clientId: 'cdca-web',
    audience: 'https://x/api',
  },
  exchange: 'paper',
  launched: true,
  launchDeal: false,
  launchReferralCode: 'LAUNCH',
  launchAt: '2025-10-01T00:00:00.000Z',
  links: {
    discordInvite: 'https://discord.gg/cdca',
    microblog: 'https://x.com/cdca',
    videoChannel: 'https://v',
  },
  billing: { provider: 'sandbox', usageFeeRate: '0.0005', freeProfitAllowance: '100' },
};

describe('readPublicConfig', () => {
  it('keeps the fields the public pages read', () => {
    expect(readPublicConfig(served)).toEqual({
      appEnv: 'production',
      launched: true,
      launchDeal: false,
      launchReferralCode: 'LAUNCH',
      launchAt: '2025-10-01T00:00:00.000Z',
      links: served.links,
      billing: { usageFeeRate: '0.0005', freeProfitAllowance: '100' },
    });
  });

  it.each([
    ['no links', { ...served, links: undefined }],
    ['an unknown environment', { ...served, appEnv: 'qa' }],
    ['a launch instant that is not a date', { ...served, launchAt: 'soon' }],
    ['a flag sent as a string', { ...served, launchDeal: 'true' }],
    ['a link that is not a string', { ...served, links: { ...served.links, microblog: 1 } }],
    [
      'a billing rate that is not a decimal',
      { ...served, billing: { ...served.billing, usageFeeRate: '5%' } },
    ],
    ['not an object', 'config'],
  ])('refuses a config with %s', (_case, value) => {
    expect(readPublicConfig(value)).toBeNull();
  });
});

describe('embeddedConfig', () => {
  const documentWith = (text: string | null) => ({
    getElementById: () => (text === null ? null : ({ textContent: text } as HTMLElement)),
  });

  it('reads the JSON the server writes into the page', () => {
    expect(embeddedConfig(documentWith('{"launchDeal":true}'))).toEqual({ launchDeal: true });
  });

  it('is undefined without it or when it is not JSON', () => {
    expect(embeddedConfig(documentWith(null))).toBeUndefined();
    expect(embeddedConfig(documentWith('{oops'))).toBeUndefined();
  });
});
