import { EPIC_LIMITS, type TEpicInputs, ZEpicInputs } from '@cdca/contracts';
import { z } from 'zod/mini';

/**
 * Interactive widgets sit in a lesson as one line of their own, `::name{key="value" …}`, which the academy UI
 * replaces with the widget. Attribute names are the plan's own inputs (TEpicInputs), so a widget can hand them
 * straight to planEpic.
 */
export const DIRECTIVE_NAMES = ['ladder-playground', 'fill-simulator', 'break-even-calculator'] as const;
export type DirectiveName = (typeof DIRECTIVE_NAMES)[number];

const LINE = /^::([a-z-]+)\{(.*)\}$/;
const ATTRIBUTE = /\s*([A-Za-z]+)="([^"]*)"\s*/y;

const plainDecimal = z.string().check(z.regex(/^(0|[1-9]\d*)(\.\d+)?$/, 'a plain decimal such as 12.50'));

/**
 * ladder-playground and fill-simulator: the epic form's inputs as strings. `coin` is the product id; `price`,
 * when given, pins the reference price (best ask) so the widget opens on exactly the ladder the lesson quotes
 * — without it the widget uses the coin's live price. No `stopSpread` means no stop.
 */
export const ZLadderAttributes = z.strictObject({
  coin: z.string().check(z.regex(/^[A-Z0-9]{2,10}-USD$/, 'a USD product id such as BTC-USD')),
  price: z.optional(plainDecimal),
  budget: plainDecimal,
  dcaLevels: z.string().check(z.regex(/^\d{1,2}$/)),
  scaling: z.string(),
  load: z.string(),
  direction: z.string(),
  buySpread: plainDecimal,
  sellSpread: plainDecimal,
  stopSpread: z.optional(plainDecimal),
});
export type TLadderAttributes = z.infer<typeof ZLadderAttributes>;

/** break-even-calculator: `fee` is the sell's fee rate in percent (0.6 = Coinbase's entry taker fee). */
export const ZBreakEvenAttributes = z.strictObject({
  fee: plainDecimal.check(z.refine((v) => Number(v) > 0 && Number(v) < 10, 'a fee between 0 and 10 %')),
  sellSpread: plainDecimal.check(
    z.refine(
      (v) =>
        Number(v) >= Number(EPIC_LIMITS.sellSpread.min) && Number(v) <= Number(EPIC_LIMITS.sellSpread.max),
      'a sell spread within the plan limits',
    ),
  ),
});
export type TBreakEvenAttributes = z.infer<typeof ZBreakEvenAttributes>;

export type Directive =
  | { name: 'ladder-playground' | 'fill-simulator'; attributes: TLadderAttributes; inputs: TEpicInputs }
  | { name: 'break-even-calculator'; attributes: TBreakEvenAttributes };

/** The plan inputs a ladder directive stands for, checked by the contracts' own schema. */
export const ladderInputs = (attributes: TLadderAttributes): TEpicInputs =>
  ZEpicInputs.parse({
    budget: attributes.budget,
    dcaLevels: Number(attributes.dcaLevels),
    scaling: attributes.scaling,
    load: attributes.load,
    direction: attributes.direction,
    buySpread: attributes.buySpread,
    sellSpread: attributes.sellSpread,
    stopSpread: attributes.stopSpread ?? null,
  });

const readAttributes = (text: string): Record<string, string> => {
  const found: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(text);
    if (!match) throw new Error(`unreadable attributes at "${text.slice(at)}"`);
    const [whole, key = '', value = ''] = match;
    if (key in found) throw new Error(`attribute "${key}" repeated`);
    found[key] = value;
    at += whole.length;
  }
  return found;
};

/** Whether a Markdown line is meant as a widget directive (so a typo cannot silently render as text). */
export const looksLikeDirective = (line: string): boolean => line.trimStart().startsWith('::');

/** Parses and checks one directive line; throws with the reason when it is not a valid widget. */
export const parseDirective = (line: string): Directive => {
  const match = LINE.exec(line.trim());
  const name = match?.[1];
  if (!match || !DIRECTIVE_NAMES.some((n) => n === name)) throw new Error(`unknown directive: ${line}`);
  const attributes = readAttributes(match[2] ?? '');
  if (name === 'break-even-calculator') {
    return { name, attributes: ZBreakEvenAttributes.parse(attributes) };
  }
  const ladder = ZLadderAttributes.parse(attributes);
  return {
    name: name === 'fill-simulator' ? 'fill-simulator' : 'ladder-playground',
    attributes: ladder,
    inputs: ladderInputs(ladder),
  };
};
