import { SUPPORT_LIMITS, type TSupportTicketStatus } from '@cdca/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { type SupportSide, useReplyToTicket, useSetTicketStatus } from '../api/reply-to-ticket.ts';
import styles from './support-threads.module.css';

export type ReplyBoxProps = { side: SupportSide; ticketId: string; status: TSupportTicketStatus };

/** Write in the thread, close it, or reopen a closed one. */
export const ReplyBox = ({ side, ticketId, status }: ReplyBoxProps) => {
  const [message, setMessage] = useState('');
  const reply = useReplyToTicket(side, ticketId);
  const setStatus = useSetTicketStatus(side, ticketId);
  const id = useId();

  if (status === 'closed') {
    return (
      <div className={styles.closedBox}>
        <p>This ticket is closed. Reopen it if there is more to say.</p>
        <Button variant="secondary" loading={setStatus.isPending} onClick={() => setStatus.mutate('open')}>
          Reopen ticket
        </Button>
        {setStatus.isError ? (
          <p className={styles.alert} role="alert">
            {errorMessage(setStatus.error)}
          </p>
        ) : null}
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reply.mutate(message, { onSuccess: () => setMessage('') });
  };

  const failure = reply.isError
    ? errorMessage(reply.error)
    : setStatus.isError
      ? errorMessage(setStatus.error)
      : '';
  return (
    <form className={styles.replyBox} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor={`${id}-reply`}>
        {side === 'owner' ? 'Answer' : 'Reply'}
      </label>
      <textarea
        id={`${id}-reply`}
        className={styles.input}
        value={message}
        maxLength={SUPPORT_LIMITS.messageMax}
        rows={4}
        placeholder={side === 'owner' ? 'Write the answer the trader will see…' : 'Add to the conversation…'}
        onChange={(event) => setMessage(event.target.value)}
      />
      {failure ? (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.replyActions}>
        <Button
          type="button"
          variant="ghost"
          loading={setStatus.isPending}
          onClick={() => setStatus.mutate('closed')}
        >
          Close ticket
        </Button>
        <Button type="submit" loading={reply.isPending} disabled={message.trim().length === 0}>
          {side === 'owner' ? 'Send answer' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
};
