import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS, pageTitleOf } from './nav-items.ts';

describe('main navigation', () => {
  it('lists the SPEC items in order with ADMIN for owners only and Partners for partners only', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'History',
      'Stats',
      'Rank',
      'Support',
      'Partners',
      'Settings',
      'Admin',
    ]);
    expect(NAV_ITEMS.filter((item) => item.ownerOnly).map((item) => item.to)).toEqual(['/admin']);
    expect(NAV_ITEMS.filter((item) => item.partnersOnly).map((item) => item.to)).toEqual(['/partners']);
  });

  it('highlights an item when the path contains its route', () => {
    expect(isNavItemActive('/settings/notifications', '/settings')).toBe(true);
    expect(isNavItemActive('/history', '/dashboard')).toBe(false);
  });

  it('has header titles for partners, academy and epic', () => {
    expect(pageTitleOf('/partners/referrals')).toBe('Partners');
    expect(pageTitleOf('/academy')).toBe('Academy');
    expect(pageTitleOf('/epic/abc')).toBe('Epic breakdown');
    expect(pageTitleOf('/dashboard/new-epic')).toBe('New epic');
    expect(pageTitleOf('/dashboard')).toBe('Dashboard');
  });
});
