import type { TCreateShareBody, TShare, TSharePrivacy } from '@cdca/contracts';
import { ExternalLink, Share2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Toggle } from '@/components/ui/toggle.tsx';
import { useCreateShare, useShareCardPreview, useShareReferralCode } from '../api/shares-api.ts';
import styles from './shares.module.css';

/** What to share: a stats period or one ended epic. */
export type ShareTarget =
  | Omit<Extract<TCreateShareBody, { kind: 'period' }>, 'privacy'>
  | Omit<Extract<TCreateShareBody, { kind: 'epic' }>, 'privacy'>;

export type ShareButtonProps = {
  target: ShareTarget;
  /** What the dialog says is being shared: 'your last 30 days', 'this SOL-USD epic'. */
  subject: string;
};

/** Private by default: percentages only and the coin hidden, until the trader chooses to show more. */
const DEFAULT_PRIVACY: TSharePrivacy = { amounts: 'percent', showCoin: false, includeReferral: false };

/**
 * "Share": a dialog with the three privacy choices, then the public link, its card and a copy button
 * (docs/decisions/verified-sharing.md). Each press of "Create link" makes a new link with its own snapshot.
 */
export const ShareButton = ({ target, subject }: ShareButtonProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Share2 size={15} aria-hidden="true" />
        Share
      </Button>
      {open ? <ShareDialog target={target} subject={subject} onClose={() => setOpen(false)} /> : null}
    </>
  );
};

const ShareDialog = ({ target, subject, onClose }: ShareButtonProps & { onClose: () => void }) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [privacy, setPrivacy] = useState<TSharePrivacy>(DEFAULT_PRIVACY);
  const [made, setMade] = useState<TShare | undefined>();
  const create = useCreateShare();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
  }, []);

  const referral = useShareReferralCode();
  const referralCode = referral.data?.referralCode ?? null;
  // The choice exists only for an account with a code; without one it is never sent as chosen.
  const body = {
    ...target,
    privacy: { ...privacy, includeReferral: privacy.includeReferral && referralCode !== null },
  } as TCreateShareBody;
  const submit = () => create.mutate(body, { onSuccess: (share) => setMade(share) });

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogBody}>
        <div className={styles.dialogHead}>
          <h2 id={titleId} className={styles.dialogTitle}>
            {made ? 'Your link is ready' : `Share ${subject}`}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            <X size={18} aria-hidden="true" />
          </button>
        </div>
        {made ? (
          <>
            <img
              className={styles.card}
              src={made.cardUrl}
              width={1200}
              height={630}
              alt={`The card people see for ${made.title}`}
            />
            <CopyField value={made.url} label="Shared link" />
            <p className={styles.note}>
              Anyone with the link sees these figures as they are now. Revoke it any time under Settings →
              Shared links.
            </p>
            <div className={styles.actions}>
              <a className={styles.open} href={made.url} target="_blank" rel="noreferrer noopener">
                Open the page <ExternalLink size={14} aria-hidden="true" />
              </a>
              <Button onClick={onClose}>Done</Button>
            </div>
          </>
        ) : (
          <>
            <CardPreview body={body} />
            <p className={styles.lead}>
              CDCA computes the figures from your recorded fills, so people can trust them. Choose what they
              see:
            </p>
            <div className={styles.choices}>
              <Toggle
                label="Show dollar amounts"
                description={
                  privacy.amounts === 'dollars' ? 'profit, capital and fills in $' : 'percentages only'
                }
                checked={privacy.amounts === 'dollars'}
                onChange={(on) => setPrivacy({ ...privacy, amounts: on ? 'dollars' : 'percent' })}
              />
              <Toggle
                label="Show the coin"
                description={privacy.showCoin ? 'the coin is named' : 'the coin stays hidden'}
                checked={privacy.showCoin}
                onChange={(on) => setPrivacy({ ...privacy, showCoin: on })}
              />
              {referralCode ? (
                <Toggle
                  label="Include my referral code"
                  description={`${referralCode}, with a link to sign up through it`}
                  checked={privacy.includeReferral}
                  onChange={(on) => setPrivacy({ ...privacy, includeReferral: on })}
                />
              ) : null}
            </div>
            {create.isError ? (
              <p className={styles.error} role="alert">
                {create.error.message || 'The link could not be made. Please try again.'}
              </p>
            ) : null}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={submit} loading={create.isPending}>
                Create link
              </Button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
};

/**
 * The card as people will see it, drawn by the server for the current choices (the same renderer as the link's
 * card). While the next one is drawn the last stays up, dimmed; the first shows a placeholder of the card's size.
 */
const CardPreview = ({ body }: { body: TCreateShareBody }) => {
  const preview = useShareCardPreview(body);
  const src = useObjectUrl(preview.data);
  if (preview.isError && !src)
    return (
      <p className={styles.previewMissing}>
        The preview could not be drawn; the link will still have its card.
      </p>
    );
  return (
    <div className={styles.preview} aria-busy={preview.isFetching}>
      {src ? (
        <img
          className={styles.card}
          data-stale={preview.isPlaceholderData || undefined}
          src={src}
          width={1200}
          height={630}
          alt="Preview of the card people will see"
        />
      ) : (
        <Skeleton height="auto" radius={12} aspectRatio="1200 / 630" />
      )}
    </div>
  );
};

/** An object URL for a blob, released when the blob changes or the component goes. */
const useObjectUrl = (blob: Blob | undefined) => {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
};
