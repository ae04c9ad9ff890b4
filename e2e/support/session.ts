import type { Page } from '@playwright/test';

/** oidc-client-ts keeps the signed-in user in localStorage under `oidc.user:<authority>:<client>`. */
export const accessTokenOf = async (page: Page): Promise<string> => {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (!key?.startsWith('oidc.user:')) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string };
      if (user.access_token) return user.access_token;
    }
    return null;
  });
  if (!token) throw new Error('no signed-in user in localStorage');
  return token;
};

/** Calls the API as the signed-in user. */
export const apiAs = async (
  page: Page,
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
) => {
  const token = await accessTokenOf(page);
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
};
