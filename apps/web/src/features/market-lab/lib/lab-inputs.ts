import {
  PAPER_SCRIPT_MAX_STEP_MS,
  type TScriptPaperPriceBody,
  type TSetPaperPriceBody,
  ZScriptPaperPriceBody,
  ZSetPaperPriceBody,
} from '@cdca/contracts';

/** What the owner typed, read with the API's own schemas so the form refuses exactly what the server would. */
export type Read<Body, Field extends string> =
  | { ok: true; body: Body }
  | { ok: false; errors: Partial<Record<Field, string>> };

const PRICE = ZSetPaperPriceBody.shape.price;
const STEP_MS = ZScriptPaperPriceBody.shape.stepMs;
const PRICES = ZScriptPaperPriceBody.shape.prices;

/** Seconds as typed: a plain decimal with at most millisecond precision ('2', '0.5'), never '1e3' or '.5'. */
const SECONDS = /^(0|[1-9]\d*)(\.\d{1,3})?$/;

const STEP_PROBLEM = `A step is between 0.001 and ${PAPER_SCRIPT_MAX_STEP_MS / 1000} seconds, such as 2 or 0.5.`;

/** The first message the schema gives, so the form says what the server would say. */
const priceProblem = (text: string): string | undefined => {
  const parsed = PRICE.safeParse(text);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'This is not a price.');
};

export const readPrice = (text: string): Read<TSetPaperPriceBody, 'price'> => {
  const price = text.trim();
  if (price === '') return { ok: false, errors: { price: 'Enter a price, such as 142.35.' } };
  const problem = priceProblem(price);
  return problem ? { ok: false, errors: { price: problem } } : { ok: true, body: { price } };
};

/** Prices separated by commas, spaces or new lines: '150, 160 170' is three. */
export const splitPrices = (text: string): string[] => text.split(/[\s,;]+/).filter((price) => price !== '');

const pricesProblem = (prices: readonly string[]): string | undefined => {
  if (prices.length === 0) return 'Enter at least one price, such as 150, 160, 170.';
  for (const [index, price] of prices.entries()) {
    const problem = priceProblem(price);
    if (problem) return `Price ${index + 1} (“${price}”): ${problem}`;
  }
  // Every price is fine, so what is left is the list's length: say the limit the schema holds.
  const tooMany = PRICES.safeParse(prices).error?.issues.find((issue) => issue.code === 'too_big');
  return tooMany?.code === 'too_big'
    ? `A path has at most ${Number(tooMany.maximum).toLocaleString('en-US')} prices.`
    : undefined;
};

/** Milliseconds from seconds as typed, or undefined when they are not a step the API takes. */
export const stepMsOf = (text: string): number | undefined => {
  const seconds = text.trim();
  if (!SECONDS.test(seconds)) return undefined;
  const stepMs = Math.round(Number(seconds) * 1000);
  return STEP_MS.safeParse(stepMs).success ? stepMs : undefined;
};

export const readScript = (
  pricesText: string,
  stepSecondsText: string,
): Read<TScriptPaperPriceBody, 'prices' | 'step'> => {
  const prices = splitPrices(pricesText);
  const pricesError = pricesProblem(prices);
  const stepMs = stepMsOf(stepSecondsText);
  if (pricesError !== undefined || stepMs === undefined) {
    return {
      ok: false,
      errors: {
        ...(pricesError === undefined ? {} : { prices: pricesError }),
        ...(stepMs === undefined ? { step: STEP_PROBLEM } : {}),
      },
    };
  }
  return { ok: true, body: { prices, stepMs } };
};

/** '2 s', '0.5 s', '1 min 30 s': how long a step or a whole path lasts, for the preview line. */
export const formatDuration = (ms: number): string => {
  const seconds = ms / 1000;
  if (seconds < 60) return `${Number(seconds.toFixed(3))} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Number((seconds - minutes * 60).toFixed(3));
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};

/**
 * What playing the path will do, in words: the first price at once, the last after (n − 1) steps, then the random
 * walk resumes from it (ZScriptPaperPriceBody).
 */
export const describeScript = ({ prices, stepMs }: TScriptPaperPriceBody): string => {
  const last = prices.at(-1) ?? '';
  if (prices.length === 1) return `Jumps to ${last} at once, then the random walk goes on from it.`;
  return `${prices.length} prices, one every ${formatDuration(stepMs)}: reaches ${last} after ${formatDuration(
    (prices.length - 1) * stepMs,
  )}, then the random walk goes on from it.`;
};
