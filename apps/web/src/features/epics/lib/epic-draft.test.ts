import { describe, expect, it } from 'vitest';
import { defaultDraft, knobsFor, toEpicInputs } from './epic-draft.ts';

describe('epic draft', () => {
  it('starts beginners on fewer knobs and a short ladder, experts on every knob', () => {
    expect(knobsFor('beginner')).toEqual([]);
    expect(knobsFor(null)).toEqual([]);
    expect(knobsFor('expert')).toContain('direction');
    expect(Number(defaultDraft('beginner').dcaLevels)).toBeLessThan(Number(defaultDraft('expert').dcaLevels));
  });

  it('reads what traders type: dollar signs, commas and percent signs', () => {
    const inputs = toEpicInputs({
      ...defaultDraft('intermediate'),
      budget: '$1,250.50',
      buySpread: '2.5 %',
      dcaLevels: '7',
      stopSpread: '12%',
    });
    expect(inputs).toMatchObject({ budget: '1250.50', buySpread: '2.5', dcaLevels: 7, stopSpread: '12' });
  });

  it('turns a blank level count into a value planEpic refuses', () => {
    expect(toEpicInputs({ ...defaultDraft('beginner'), dcaLevels: '' }).dcaLevels).toBeNaN();
  });
});
