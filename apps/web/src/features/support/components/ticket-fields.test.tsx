import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TicketFields, type TicketValues } from './ticket-fields.tsx';

const values: TicketValues = { topic: 'billing', subject: 'Card refused', message: 'Hello' };
const classes = { row: 'row', field: 'field', label: 'label', input: 'input', meta: 'meta', error: 'error' };

describe('TicketFields', () => {
  afterEach(cleanup);

  it('ties each error to its field for screen readers and counts the message against its limit', () => {
    render(
      <TicketFields
        classes={classes}
        idPrefix="t"
        values={values}
        onChange={vi.fn()}
        errors={{ subject: 'Subject is too short.' }}
        message={{ maxLength: 5000, hint: 'Tell us what happened.' }}
      />,
    );
    const subject = screen.getByLabelText('Subject');
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(subject.getAttribute('aria-describedby')).toBe('t-subject-error');
    expect(document.getElementById('t-subject-error')?.textContent).toBe('Subject is too short.');
    expect(screen.getByLabelText('Message').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByText('Tell us what happened.')).toBeTruthy();
    expect(screen.getByText('5/5000')).toBeTruthy();
  });

  it('sets the topic beside a field the form adds, and reports each change by field', () => {
    const onChange = vi.fn();
    render(
      <TicketFields
        classes={classes}
        idPrefix="t"
        values={values}
        onChange={onChange}
        errors={{}}
        besideTopic={<div data-testid="about" />}
        message={{ maxLength: 5000, rows: 6, hint: 'At least 10 characters.' }}
      />,
    );
    const topic = screen.getByLabelText('Topic');
    expect(topic.closest('.row')?.contains(screen.getByTestId('about'))).toBe(true);
    fireEvent.change(topic, { target: { value: 'epics' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'More detail' } });
    expect(onChange.mock.calls).toEqual([
      ['topic', 'epics'],
      ['message', 'More detail'],
    ]);
  });
});
