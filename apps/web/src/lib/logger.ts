type Level = 'debug' | 'info' | 'warn' | 'error';

const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Debug lines show in development, or in production after `localStorage['cdca.debug'] = '1'`. */
const threshold = (): number => {
  try {
    if (import.meta.env.DEV || globalThis.localStorage?.getItem('cdca.debug') === '1') return order.debug;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames); fall back to the quiet level.
  }
  return order.info;
};

const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
  if (order[level] < threshold()) return;
  const line = `[cdca] ${message}`;
  const method = level === 'debug' ? console.debug : console[level];
  if (fields) method(line, fields);
  else method(line);
};

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
