import { SUPPORT_LIMITS, type TOpenSupportTicketBody, type TSupportTopic } from '@cdca/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { epicLabel } from '@/lib/epics/epic-identity.ts';
import { formatUsd } from '@/lib/format/number.ts';
import { errorMessage } from '@/lib/http/api-error.ts';
import { useLinkableEpics, useLinkablePayments } from '../api/list-linkable.ts';
import { useOpenTicket } from '../api/open-ticket.ts';
import { fieldErrorsOf } from '../lib/field-errors.ts';
import styles from './support-threads.module.css';
import { TicketFields } from './ticket-fields.tsx';

type Field = 'topic' | 'subject' | 'message' | 'epicId' | 'paymentId';
const FIELDS: readonly Field[] = ['topic', 'subject', 'message', 'epicId', 'paymentId'];

type Values = { topic: TSupportTopic; subject: string; message: string; link: string };
const EMPTY: Values = { topic: 'epics', subject: '', message: '', link: '' };

/** The select's value 'epic:<id>' / 'payment:<id>' as the body's one optional link. */
const linkOf = (link: string): Pick<TOpenSupportTicketBody, 'epicId' | 'paymentId'> => {
  const [kind, id] = link.split(':');
  if (kind === 'epic' && id) return { epicId: id };
  if (kind === 'payment' && id) return { paymentId: id };
  return {};
};

export type NewTicketFormProps = { onOpened: (ticketId: string) => void; onCancel?: () => void };

/** Open a ticket: topic, subject, message, and optionally one of the trader's own epics or payments. */
export const NewTicketForm = ({ onOpened, onCancel }: NewTicketFormProps) => {
  const [values, setValues] = useState<Values>(EMPTY);
  const open = useOpenTicket();
  const epics = useLinkableEpics();
  const payments = useLinkablePayments();
  const id = useId();
  const errors = fieldErrorsOf(open.error, FIELDS);
  const set = <Key extends keyof Values>(key: Key, value: Values[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // mutateAsync, not mutate's callbacks: the list refetch may replace this form before they would run.
    open
      .mutateAsync({
        topic: values.topic,
        subject: values.subject,
        message: values.message,
        ...linkOf(values.link),
      })
      .then((ticket) => onOpened(ticket.id))
      .catch(() => undefined); // The error is shown from open.error.
  };

  const linkError = errors.epicId ?? errors.paymentId;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New ticket">
      {open.isError ? (
        <p className={styles.alert} role="alert">
          {Object.keys(errors).length > 0 ? 'Please fix the fields marked below.' : errorMessage(open.error)}
        </p>
      ) : null}
      <TicketFields
        classes={styles}
        idPrefix={id}
        values={values}
        onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        errors={errors}
        besideTopic={
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-link`}>
              About <span className={styles.optional}>(optional)</span>
            </label>
            <select
              id={`${id}-link`}
              className={styles.input}
              value={values.link}
              onChange={(event) => set('link', event.target.value)}
              aria-invalid={linkError ? true : undefined}
            >
              <option value="">Nothing in particular</option>
              {epics.data && epics.data.epics.length > 0 ? (
                <optgroup label="Your epics">
                  {epics.data.epics.map((epic) => (
                    <option key={epic.id} value={`epic:${epic.id}`}>
                      {epicLabel(epic.id, epic.coinSymbol)} · {epic.status} · {formatUsd(epic.budget)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {payments.data && payments.data.payments.length > 0 ? (
                <optgroup label="Your payments">
                  {payments.data.payments.map((payment) => (
                    <option key={payment.id} value={`payment:${payment.id}`}>
                      Cycle {payment.cycle} · {payment.status} · {formatUsd(payment.amountDue)}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
            {linkError ? <span className={styles.error}>{linkError}</span> : null}
          </div>
        }
        subject={{ maxLength: SUPPORT_LIMITS.subjectMax, placeholder: 'In a few words' }}
        message={{
          maxLength: SUPPORT_LIMITS.messageMax,
          rows: 6,
          placeholder: 'What did you do, what did you expect, and what happened?',
          hint: `At least ${SUPPORT_LIMITS.messageMin} characters.`,
        }}
      />
      <div className={styles.formActions}>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={open.isPending}>
          Open ticket
        </Button>
      </div>
    </form>
  );
};
