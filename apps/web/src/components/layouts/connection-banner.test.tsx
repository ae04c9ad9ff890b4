import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeClientOptions } from '@/lib/realtime/realtime-client.ts';
import { RealtimeStatusContext } from '@/lib/realtime/realtime-context.ts';
import { useRealtimeConnection } from '@/lib/realtime/use-realtime-connection.ts';
import { ConnectionBanner } from './connection-banner.tsx';

afterEach(cleanup);

type Socket = ReturnType<NonNullable<RealtimeClientOptions['createSocket']>>;

/**
 * The real connection hook and client over a stand-in socket and a hand-run timer, so a drop, the back-off and
 * the reconnect happen when the test says, never by the clock.
 */
const setup = (onRefresh?: () => void) => {
  const sockets: Socket[] = [];
  const timers: (() => void)[] = [];
  const onConnected = vi.fn();
  const transport: Pick<RealtimeClientOptions, 'createSocket' | 'schedule' | 'cancel'> = {
    createSocket: () => {
      const socket: Socket = {
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
        close: () => undefined,
      };
      sockets.push(socket);
      return socket;
    },
    schedule: (run) => timers.push(run),
    cancel: () => undefined,
  };
  const Shell = () => {
    const { status } = useRealtimeConnection({
      enabled: true,
      accessToken: 'token',
      onGiveUp: () => undefined,
      onTokenExpired: () => undefined,
      onConnected,
      transport,
    });
    return (
      <RealtimeStatusContext value={status}>
        <ConnectionBanner onRefresh={onRefresh} />
      </RealtimeStatusContext>
    );
  };
  render(<Shell />);
  const latest = () => sockets.at(-1);
  return {
    onConnected,
    open: () => act(() => latest()?.onopen?.(new Event('open'))),
    /** The server went away (a restart closes with 1001). */
    drop: () => act(() => latest()?.onclose?.(new CloseEvent('close', { code: 1001 }))),
    /** The back-off delay has passed: the client tries again. */
    retry: () => act(() => timers.shift()?.()),
  };
};

const banner = () => screen.getByRole('status');

describe('ConnectionBanner', () => {
  it('stays empty while connecting for the first time and while connected', () => {
    const connection = setup();
    expect(banner().textContent).toBe('');
    connection.open();
    expect(banner().textContent).toBe('');
  });

  it('says the figures may be out of date when the connection drops, and goes away on reconnect', () => {
    const connection = setup();
    connection.open();
    connection.drop();
    expect(banner().textContent).toBe('Reconnecting… figures may be out of date');
    // An attempt that fails keeps it up.
    connection.retry();
    connection.drop();
    expect(banner().textContent).toContain('Reconnecting…');
    connection.retry();
    connection.open();
    expect(banner().textContent).toBe('');
    // Every (re)connect re-reads what is on screen (root-layout.tsx invalidates the queries).
    expect(connection.onConnected).toHaveBeenCalledTimes(2);
  });

  it('offers a refresh once the client has given up', () => {
    const reload = vi.fn();
    const connection = setup(reload);
    connection.open();
    for (let attempt = 0; attempt <= 10; attempt += 1) {
      connection.drop();
      connection.retry();
    }
    expect(banner().textContent).toContain('Live updates stopped. Figures may be out of date.');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
