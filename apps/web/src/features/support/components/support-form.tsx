import type { TCreateSupportTicketBody } from '@cdca/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  type CreateTicketResult,
  createSupportTicket,
  type SupportField,
} from '../api/create-support-ticket.ts';
import styles from './support.module.css';
import { TicketFields } from './ticket-fields.tsx';

/** The contract's limits (SUPPORT_LIMITS), kept here so the public bundle does not load the schema library. */
const MESSAGE_MAX = 5000;

type FormState =
  | { state: 'editing'; failure?: Extract<CreateTicketResult, { ok: false }> }
  | { state: 'sending' }
  | { state: 'sent'; ticketId: string };

const EMPTY: TCreateSupportTicketBody = { email: '', name: '', topic: 'account', subject: '', message: '' };

/** The public contact form: the server validates, rate-limits and stores the ticket (POST /support-tickets). */
export const SupportForm = () => {
  const [values, setValues] = useState<TCreateSupportTicketBody>(EMPTY);
  const [form, setForm] = useState<FormState>({ state: 'editing' });
  const id = useId();

  const set = (field: SupportField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setForm({ state: 'sending' });
    const result = await createSupportTicket({
      ...values,
      name: values.name?.trim() ? values.name : undefined,
    });
    setForm(result.ok ? { state: 'sent', ticketId: result.ticketId } : { state: 'editing', failure: result });
  };

  if (form.state === 'sent') {
    return (
      <div className={styles.success} role="status">
        <p className={styles.successTitle}>Thanks — your message is with the team.</p>
        <p>
          We answer by e-mail at <strong>{values.email.trim()}</strong>. Your reference is{' '}
          <span className={styles.reference} data-testid="ticket-reference">
            {form.ticketId.slice(0, 8).toUpperCase()}
          </span>
          .
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setValues(EMPTY);
            setForm({ state: 'editing' });
          }}
        >
          Send another message
        </Button>
      </div>
    );
  }

  const failure = form.state === 'editing' ? form.failure : undefined;
  const errorOf = (field: SupportField) => failure?.fieldErrors[field];
  const fieldProps = (field: SupportField) => {
    const error = errorOf(field);
    return {
      id: `${id}-${field}`,
      name: field,
      className: styles.input,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
    };
  };
  const errorText = (field: SupportField) => {
    const error = errorOf(field);
    return error ? (
      <span id={`${id}-${field}-error`} className={styles.error}>
        {error}
      </span>
    ) : null;
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-describedby={failure ? `${id}-alert` : undefined}
    >
      {failure ? (
        <p id={`${id}-alert`} className={styles.alert} role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-email`}>
            E-mail
          </label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => set('email')(event.target.value)}
          />
          {errorText('email')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            Name <span className={styles.optional}>(optional)</span>
          </label>
          <input
            {...fieldProps('name')}
            autoComplete="name"
            value={values.name ?? ''}
            onChange={(event) => set('name')(event.target.value)}
          />
          {errorText('name')}
        </div>
      </div>
      <TicketFields
        classes={styles}
        idPrefix={id}
        values={values}
        onChange={(field, value) => set(field)(value)}
        errors={failure?.fieldErrors ?? {}}
        message={{
          maxLength: MESSAGE_MAX,
          hint: 'Tell us what you did, what you expected and what happened.',
        }}
      />
      <Button type="submit" size="lg" loading={form.state === 'sending'}>
        {form.state === 'sending' ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
};
