import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast.ts';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  it('renders nothing until a toast is raised, then shows it once the library has loaded', async () => {
    const { container } = render(<Toaster />);
    expect(container.innerHTML).toBe('');
    toast.success('Settings saved');
    toast.error('Could not save your account.');
    expect(await screen.findByText('Settings saved')).toBeTruthy();
    expect(await screen.findByText('Could not save your account.')).toBeTruthy();
  });
});
