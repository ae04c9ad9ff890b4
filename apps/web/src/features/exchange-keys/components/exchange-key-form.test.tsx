import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExchangeKeyForm } from './exchange-key-form.tsx';

describe('ExchangeKeyForm', () => {
  afterEach(cleanup);

  it('keeps autocorrect and password managers away from both key fields', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ExchangeKeyForm paper={false} submitLabel="Connect" onConnected={() => undefined} />
      </QueryClientProvider>,
    );
    for (const field of [screen.getByLabelText('API key name'), screen.getByLabelText('Private key')]) {
      expect(field.getAttribute('autocomplete')).toBe('off');
      expect(field.getAttribute('autocorrect')).toBe('off');
      expect(field.getAttribute('autocapitalize')).toBe('off');
      expect(field.getAttribute('spellcheck')).toBe('false');
      expect(field.getAttribute('data-1p-ignore')).toBe('true');
      expect(field.getAttribute('data-lpignore')).toBe('true');
    }
  });
});
