import { describe, expect, it } from 'vitest';
import { LANDING_SECTIONS, pickActiveSection, type SectionVisibility } from './sections.ts';

const ids = LANDING_SECTIONS.map((section) => section.id);
const seen = (entries: Record<string, SectionVisibility>) => new Map(Object.entries(entries));

describe('pickActiveSection', () => {
  it('highlights nothing while only the hero is on screen', () => {
    expect(pickActiveSection(ids, seen({}), 800)).toBeNull();
    expect(pickActiveSection(ids, seen({ results: { ratio: 0.1, visibleHeight: 70 } }), 800)).toBeNull();
  });

  it('highlights a section once 15 % of it is visible', () => {
    expect(pickActiveSection(ids, seen({ results: { ratio: 0.15, visibleHeight: 105 } }), 800)).toBe(
      'results',
    );
  });

  it('prefers the section that takes more of the screen', () => {
    const visibility = seen({
      pricing: { ratio: 0.3, visibleHeight: 220 },
      strategy: { ratio: 0.4, visibleHeight: 520 },
    });
    expect(pickActiveSection(ids, visibility, 800)).toBe('strategy');
  });

  it('counts a section taller than the screen once it covers 45 % of it', () => {
    // 2,600 px of steps on a phone: at most 25 % of it ever fits, still well above the minimum.
    expect(pickActiveSection(ids, seen({ strategy: { ratio: 0.12, visibleHeight: 380 } }), 800)).toBe(
      'strategy',
    );
    expect(pickActiveSection(ids, seen({ strategy: { ratio: 0.12, visibleHeight: 300 } }), 800)).toBeNull();
  });

  it('breaks a tie in page order and ignores unknown ids', () => {
    const visibility = seen({
      community: { ratio: 1, visibleHeight: 300 },
      questions: { ratio: 0.5, visibleHeight: 300 },
      footer: { ratio: 1, visibleHeight: 600 },
    });
    expect(pickActiveSection(ids, visibility, 800)).toBe('community');
  });
});
