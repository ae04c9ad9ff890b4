import { type TAccount, ZUpdateAccountBody } from '@cdca/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Tag } from '@/components/ui/tag.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useUpdateAccount } from '../api/update-account.ts';
import styles from './profile-form.module.css';

export type ProfileFormProps = { account: TAccount };

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const ProfileForm = ({ account }: ProfileFormProps) => {
  const [firstName, setFirstName] = useState(account.firstName ?? '');
  const [lastName, setLastName] = useState(account.lastName ?? '');
  const [profilePhoto, setProfilePhoto] = useState(account.profilePhoto ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateAccount(account.userId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdateAccountBody.safeParse({
      firstName: orNull(firstName),
      lastName: orNull(lastName),
      profilePhoto: orNull(profilePhoto),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            issue.path[0] === 'profilePhoto' ? 'Use an https:// image address.' : 'Use 1 to 80 characters.',
          ]),
        ),
      );
      return;
    }
    setErrors({});
    update.mutate(parsed.data);
  };

  return (
    <div className={styles.grid}>
      <Card as="section" aria-labelledby="profile-title">
        <h2 id="profile-title" className={styles.h2}>
          Profile
        </h2>
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.names}>
            <TextField
              label="First name"
              autoComplete="given-name"
              value={firstName}
              error={errors.firstName}
              onChange={(event) => setFirstName(event.target.value)}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              value={lastName}
              error={errors.lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
          </div>
          <TextField
            label="Profile photo URL"
            type="url"
            inputMode="url"
            placeholder="https://…"
            hint="An https:// link to a square image."
            value={profilePhoto}
            error={errors.profilePhoto}
            onChange={(event) => setProfilePhoto(event.target.value)}
          />
          <div>
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </div>
        </form>
      </Card>
      <Card as="section" aria-labelledby="details-title">
        <h2 id="details-title" className={styles.h2}>
          Account details
        </h2>
        <dl className={styles.details}>
          <dt>E-mail</dt>
          <dd>{account.email}</dd>
          <dt>Status</dt>
          <dd>
            <Tag tone={account.status === 'active' ? 'green' : 'amber'}>{account.status}</Tag>
          </dd>
          <dt>Rank</dt>
          <dd style={{ textTransform: 'capitalize' }}>{account.accountRank}</dd>
          <dt>Plan</dt>
          <dd>{account.freeAccount ? 'Free account' : 'Standard'}</dd>
          <dt>Member since</dt>
          <dd className="num">
            {new Date(account.createdAt).toLocaleDateString('en-US', {
              year: 'numeric',
              month: 'long',
              day: 'numeric',
            })}
          </dd>
        </dl>
      </Card>
    </div>
  );
};
