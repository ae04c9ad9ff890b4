import type { Page } from '@playwright/test';

type StoredUser = { access_token?: string; profile?: { sub?: string } };

/** oidc-client-ts keeps the signed-in user in localStorage under `oidc.user:<authority>:<client>`. */
const storedUsersOf = (page: Page): Promise<StoredUser[]> =>
  page.evaluate(() => {
    const users: StoredUser[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key?.startsWith('oidc.user:'))
        users.push(JSON.parse(localStorage.getItem(key) ?? '{}') as StoredUser);
    }
    return users;
  });

export const accessTokenOf = async (page: Page): Promise<string> => {
  const token = (await storedUsersOf(page)).find((user) => user.access_token)?.access_token;
  if (!token) throw new Error('no signed-in user in localStorage');
  return token;
};

/** The signed-in identity's subject: the user id the account routes are keyed by. */
export const subjectOf = async (page: Page): Promise<string> => {
  const sub = (await storedUsersOf(page)).find((user) => user.profile?.sub)?.profile?.sub;
  if (!sub) throw new Error('no signed-in user in localStorage');
  return sub;
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
