import type { TSupportTopic } from '@cdca/contracts';
import type { ReactNode } from 'react';
import { TOPIC_LABELS } from '../lib/ticket-labels.ts';

export type TicketField = 'topic' | 'subject' | 'message';
export type TicketValues = { topic: TSupportTopic; subject: string; message: string };

export type TicketFieldsProps = {
  /**
   * The form's own stylesheet (field, label, input, optional, meta, error, row): the public contact form and the
   * signed-in one draw the same fields each in its page's look.
   */
  classes: Readonly<Record<string, string>>;
  /** The form's useId: the fields' ids and their errors' ids hang from it. */
  idPrefix: string;
  values: TicketValues;
  onChange: <Field extends TicketField>(field: Field, value: TicketValues[Field]) => void;
  errors: Partial<Record<TicketField, string>>;
  /** A field sharing the topic's row (the signed-in form's epic or payment); the topic stands alone without. */
  besideTopic?: ReactNode;
  subject?: { maxLength?: number; placeholder?: string };
  message: { maxLength: number; rows?: number; placeholder?: string; hint: ReactNode };
};

/**
 * What every ticket asks: a topic, a subject and a message with its count, each with its error tied to it for
 * screen readers. The public bundle loads this too, so it imports no schema at run time.
 */
export const TicketFields = ({
  classes,
  idPrefix,
  values,
  onChange,
  errors,
  besideTopic,
  subject,
  message,
}: TicketFieldsProps) => {
  const control = (field: TicketField) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    className: classes.input,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${idPrefix}-${field}-error` : undefined,
  });
  const errorText = (field: TicketField) =>
    errors[field] ? (
      <span id={`${idPrefix}-${field}-error`} className={classes.error}>
        {errors[field]}
      </span>
    ) : null;

  const topic = (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={`${idPrefix}-topic`}>
        Topic
      </label>
      <select
        {...control('topic')}
        value={values.topic}
        onChange={(event) => onChange('topic', event.target.value as TSupportTopic)}
      >
        {Object.entries(TOPIC_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {errorText('topic')}
    </div>
  );

  return (
    <>
      {besideTopic ? (
        <div className={classes.row}>
          {topic}
          {besideTopic}
        </div>
      ) : (
        topic
      )}
      <div className={classes.field}>
        <label className={classes.label} htmlFor={`${idPrefix}-subject`}>
          Subject
        </label>
        <input
          {...control('subject')}
          value={values.subject}
          maxLength={subject?.maxLength}
          placeholder={subject?.placeholder}
          onChange={(event) => onChange('subject', event.target.value)}
        />
        {errorText('subject')}
      </div>
      <div className={classes.field}>
        <label className={classes.label} htmlFor={`${idPrefix}-message`}>
          Message
        </label>
        <textarea
          {...control('message')}
          rows={message.rows}
          value={values.message}
          maxLength={message.maxLength}
          placeholder={message.placeholder}
          onChange={(event) => onChange('message', event.target.value)}
        />
        <span className={classes.meta}>
          {errorText('message') ?? <span>{message.hint}</span>}
          <span aria-hidden="true">
            {values.message.length}/{message.maxLength}
          </span>
        </span>
      </div>
    </>
  );
};
