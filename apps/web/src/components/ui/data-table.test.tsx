import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '@/testing/fake-layout.ts';
import { DataTable } from './data-table.tsx';

const rows = (
  <tbody>
    <tr>
      <th scope="row">BTC</th>
      <td>$97,250.00</td>
      <td data-priority="low">0.6%</td>
    </tr>
  </tbody>
);

/** The box that scrolls: the table's parent. */
const scrollBoxOf = (table: HTMLElement) => table.parentElement as HTMLElement;
const frameOf = (table: HTMLElement) => scrollBoxOf(table).parentElement as HTMLElement;

describe('DataTable', () => {
  beforeEach(() => {
    // A table twice as wide as its box, as on a phone.
    fakeLayout((element) =>
      element.querySelector(':scope > table') ? { scrollWidth: 640, clientWidth: 320 } : undefined,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows its caption outside the sideways scroll, so it wraps instead of being cut, and is named by it', () => {
    render(<DataTable caption="Price per 30-day cycle once billing starts.">{rows}</DataTable>);
    const table = screen.getByRole('table', { name: 'Price per 30-day cycle once billing starts.' });
    const caption = screen.getByText('Price per 30-day cycle once billing starts.');
    expect(scrollBoxOf(table).contains(caption)).toBe(false);
    expect(screen.getByRole('group', { name: 'Price per 30-day cycle once billing starts.' })).toBe(
      scrollBoxOf(table),
    );
  });

  it('takes a name without a caption', () => {
    render(<DataTable label="Ladder preview">{rows}</DataTable>);
    expect(screen.getByRole('table', { name: 'Ladder preview' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Ladder preview' })).toBeTruthy();
  });

  it('hints at the hidden columns on the right, then at the left once scrolled to the end', () => {
    render(<DataTable label="Coins">{rows}</DataTable>);
    const table = screen.getByRole('table', { name: 'Coins' });
    expect(frameOf(table).hasAttribute('data-overflow-end')).toBe(true);
    expect(frameOf(table).hasAttribute('data-overflow-start')).toBe(false);
    scrollBoxOf(table).scrollLeft = 320;
    fireEvent.scroll(scrollBoxOf(table));
    expect(frameOf(table).hasAttribute('data-overflow-end')).toBe(false);
    expect(frameOf(table).hasAttribute('data-overflow-start')).toBe(true);
  });

  it('with a sticky first column, lets the column cast the start shadow instead of a fade over it', () => {
    render(
      <DataTable label="Coins" stickyFirstColumn>
        {rows}
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Coins' });
    expect(frameOf(table).dataset.fadeStart).toBe('off');
    render(<DataTable label="Fills">{rows}</DataTable>);
    expect(frameOf(screen.getByRole('table', { name: 'Fills' })).dataset.fadeStart).toBeUndefined();
  });
});
