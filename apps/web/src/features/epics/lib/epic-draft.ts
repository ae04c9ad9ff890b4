import type { TSkillLevel } from '@cdca/contracts';
import { EPIC_DIRECTIONS, EPIC_LOADS, EPIC_SCALINGS, type TEpicInputs } from '@cdca/contracts';
import { z } from 'zod/mini';

/**
 * The create-epic form as the trader types it: text fields stay text (a half-typed "12." must survive), and only
 * `toEpicInputs` turns it into the plan's inputs, whose every value planEpic then judges.
 */
export const ZEpicDraft = z.object({
  budget: z.string().check(z.maxLength(40)),
  dcaLevels: z.string().check(z.maxLength(4)),
  scaling: z.enum(EPIC_SCALINGS),
  load: z.enum(EPIC_LOADS),
  direction: z.enum(EPIC_DIRECTIONS),
  buySpread: z.string().check(z.maxLength(12)),
  sellSpread: z.string().check(z.maxLength(12)),
  /** null: no stop. */
  stopSpread: z.nullable(z.string().check(z.maxLength(12))),
});
export type EpicDraft = z.infer<typeof ZEpicDraft>;

/**
 * Starting points per skill level. Beginners get a short, forgiving ladder (few levels far apart, so each level
 * is a real amount and a dip of a few percent is averaged); experts start deeper and tighter. All back-loaded
 * (the deepest level is the heaviest), the classic DCA shape, buying below the market without a stop.
 */
const DEFAULTS: Record<TSkillLevel, EpicDraft> = {
  beginner: {
    budget: '500',
    dcaLevels: '4',
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '3',
    sellSpread: '3',
    stopSpread: null,
  },
  intermediate: {
    budget: '1000',
    dcaLevels: '6',
    scaling: 'quadratic',
    load: 'back',
    direction: 'below',
    buySpread: '2.5',
    sellSpread: '2.5',
    stopSpread: null,
  },
  expert: {
    budget: '2000',
    dcaLevels: '8',
    scaling: 'fibonacci',
    load: 'back',
    direction: 'below',
    buySpread: '2',
    sellSpread: '2',
    stopSpread: null,
  },
};

export const defaultDraft = (skill: TSkillLevel | null): EpicDraft => ({ ...DEFAULTS[skill ?? 'beginner'] });

/** Which knobs a skill level sees at first; every level can open the rest ("All settings"). */
export type Knob = 'scaling' | 'load' | 'direction' | 'stopSpread';
const KNOBS: Record<TSkillLevel, readonly Knob[]> = {
  beginner: [],
  intermediate: ['scaling', 'load', 'stopSpread'],
  expert: ['scaling', 'load', 'direction', 'stopSpread'],
};
export const knobsFor = (skill: TSkillLevel | null): readonly Knob[] => KNOBS[skill ?? 'beginner'];

/** "$1,000", "1 000.50 " → "1000.50": what traders paste; planEpic judges the rest. */
export const normaliseAmount = (text: string): string => text.replace(/[$,\s_]/g, '');

/** "2.5 %" → "2.5". */
export const normalisePercent = (text: string): string => text.replace(/[%\s]/g, '');

export const toEpicInputs = (draft: EpicDraft): TEpicInputs => ({
  budget: normaliseAmount(draft.budget),
  // A blank or non-numeric entry becomes NaN, which planEpic reports as levels out of range.
  dcaLevels: draft.dcaLevels.trim() === '' ? Number.NaN : Number(draft.dcaLevels),
  scaling: draft.scaling,
  load: draft.load,
  direction: draft.direction,
  buySpread: normalisePercent(draft.buySpread),
  sellSpread: normalisePercent(draft.sellSpread),
  stopSpread: draft.stopSpread === null ? null : normalisePercent(draft.stopSpread),
});
