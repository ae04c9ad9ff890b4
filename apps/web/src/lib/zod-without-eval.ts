import { z } from 'zod/mini';

/**
 * Zod probes `new Function` once to choose a faster parser. The CSP allows no eval (docs/decisions/security-headers.md),
 * so the probe alone would log a CSP violation in the console; the plain parser is all the app needs.
 */
z.config({ jitless: true });
