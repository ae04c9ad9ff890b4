import type { ToastContent, ToastOptions } from 'react-toastify';
import { logger } from './logger.ts';

/**
 * Toasts without react-toastify on first paint (docs/decisions/code-splitting.md): the library (~10 KB gzip) loads
 * with the first toast a screen raises. react-toastify queues a toast raised before its container is mounted and
 * shows it once the container mounts (components/ui/toaster.tsx mounts it as soon as the library is here).
 */
type Toastify = typeof import('react-toastify');

let library: Promise<Toastify> | undefined;
let loaded: Toastify | undefined;
const listeners = new Set<() => void>();

const loadToastify = (): Promise<Toastify> => {
  library ??= import('react-toastify').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return library;
};

/** The library once a toast has loaded it, for the container (useSyncExternalStore's snapshot). */
export const loadedToastify = (): Toastify | undefined => loaded;

export const onToastifyLoaded = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const show = (raise: (toastify: Toastify) => void): void => {
  loadToastify().then(raise, (error: unknown) =>
    // A chunk that cannot load (offline, a newer release) loses the toast, never the action that raised it.
    logger.warn('toast library failed to load', {
      error: error instanceof Error ? error.message : String(error),
    }),
  );
};

type Raise = (content: ToastContent, options?: ToastOptions) => void;

/** react-toastify's `toast`, loaded on first use: `toast(content)`, `toast.success`, `toast.error`, `toast.info`. */
export const toast: Raise & { success: Raise; error: Raise; info: Raise } = Object.assign(
  ((content, options) => show(({ toast: raise }) => raise(content, options))) as Raise,
  {
    success: ((content, options) => show(({ toast: raise }) => raise.success(content, options))) as Raise,
    error: ((content, options) => show(({ toast: raise }) => raise.error(content, options))) as Raise,
    info: ((content, options) => show(({ toast: raise }) => raise.info(content, options))) as Raise,
  },
);
