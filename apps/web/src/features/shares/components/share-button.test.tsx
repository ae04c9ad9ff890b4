import type { TShare } from '@cdca/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from './share-button.tsx';

const made: TShare = {
  id: '7d0c3f5e-8f7a-4f1e-9d7e-2f7a1c9b3e11',
  kind: 'period',
  title: 'Last 7 days',
  period: '7d',
  epicId: null,
  privacy: { amounts: 'percent', showCoin: false, includeReferral: false },
  url: 'http://localhost/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  cardUrl: 'http://localhost/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/card.png',
  views: 0,
  createdAt: '2026-06-15T12:00:00.000Z',
  revokedAt: null,
};

const SLOW = { timeout: 10_000 };

describe('ShareButton', { timeout: 20_000 }, () => {
  let referralCode: string | null = 'Carol10';
  /** The server's three answers: the account's code, a drawn card, and the link made. */
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/v1/shares/referral-code') return Response.json({ referralCode });
    if (url === '/api/v1/shares/preview')
      return new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });
    return new Response(JSON.stringify(made), { status: 201 });
  });
  const calls = (url: string) => fetchMock.mock.calls.filter(([called]) => called === url);

  beforeEach(() => {
    fetchMock.mockClear();
    referralCode = 'Carol10';
    vi.stubGlobal('fetch', fetchMock);
    // jsdom draws no images from blobs: an object URL is only a name here.
    let urls = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => `blob:preview-${++urls}`, revokeObjectURL: () => {} }),
    );
    // jsdom has no modal dialogs: open means the `open` attribute.
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts private, sends the chosen privacy and shows the link with its card', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareButton target={{ kind: 'period', period: '7d' }} subject="your stats in the last 7 days" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const switchOn = (name: RegExp) => (screen.getByRole('switch', { name }) as HTMLInputElement).checked;
    expect(switchOn(/Show dollar amounts/)).toBe(false);
    expect(switchOn(/Show the coin/)).toBe(false);
    fireEvent.click(screen.getByRole('switch', { name: /Show the coin/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));

    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Shared link' }) as HTMLInputElement).value).toBe(made.url),
    );
    expect(screen.getByRole('img').getAttribute('src')).toBe(made.cardUrl);
    const [[, init] = []] = calls('/api/v1/shares');
    expect(JSON.parse(String(init?.body))).toEqual({
      kind: 'period',
      period: '7d',
      privacy: { amounts: 'percent', showCoin: true, includeReferral: false },
    });
  });

  it('previews the card for the current choices, and offers the referral code only to an account with one', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareButton target={{ kind: 'period', period: '30d' }} subject="your stats in the last 30 days" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    // The card is drawn once the choices rest (a debounce): waits allow a slow, busy machine.
    const preview = await screen.findByRole('img', { name: /Preview of the card/ }, SLOW);
    await waitFor(() => expect(preview.getAttribute('src')).toMatch(/^blob:preview-/), SLOW);
    const sent = () => calls('/api/v1/shares/preview').map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent().at(-1)).toEqual({
      kind: 'period',
      period: '30d',
      privacy: { amounts: 'percent', showCoin: false, includeReferral: false },
    });

    const referral = await screen.findByRole('switch', { name: /Include my referral code/ });
    expect(screen.getByText(/Carol10, with a link/)).toBeTruthy();
    fireEvent.click(referral);
    await waitFor(
      () =>
        expect(sent().at(-1)?.privacy).toEqual({
          amounts: 'percent',
          showCoin: false,
          includeReferral: true,
        }),
      SLOW,
    );
    expect(calls('/api/v1/shares')).toHaveLength(0);
  });

  it('does not offer the referral choice to an account without a code', async () => {
    referralCode = null;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ShareButton target={{ kind: 'period', period: '30d' }} subject="your stats in the last 30 days" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(calls('/api/v1/shares/referral-code')).toHaveLength(1), SLOW);
    await screen.findByRole('img', { name: /Preview of the card/ }, SLOW);
    expect(screen.queryByRole('switch', { name: /Include my referral code/ })).toBeNull();
    expect(screen.getAllByRole('switch')).toHaveLength(2);
  });
});
