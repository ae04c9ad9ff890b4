import { REFERRAL_CODE_PATTERN, type TReferralCode } from '@cdca/contracts';
import { Link2, Plus } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { CopyField } from '@/components/ui/copy-field.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { QueryState } from '@/components/ui/query-state.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { errorMessage } from '@/lib/http/api-error.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateReferralCode } from '../api/create-referral-code.ts';
import { useReferralCodes } from '../api/list-referral-codes.ts';
import { referralLinks } from '../lib/referral-links.ts';
import styles from './partners.module.css';

const CODE_RULE = '3–24 letters, digits, "-" or "_", starting with a letter or digit.';

/** /partners/referrals: create a vanity code; each code with its funnel, its two links and a QR code. */
export const ReferralCodesPanel = ({ origin }: { origin: string }) => {
  const codes = useReferralCodes();
  return (
    <div className={styles.stack}>
      <NewCodeForm />
      <QueryState
        query={codes}
        loading={{ label: 'Loading your referral codes', rows: 2, height: 180 }}
        errorMessage="Could not load your referral codes."
        isEmpty={(codes.data?.items.length ?? 0) === 0}
        empty={
          <EmptyState icon={<Link2 size={26} />} title="No codes yet">
            Create your first code above: it becomes a link you can share, and everyone who signs up through
            it gets the PartnerReferral price for life.
          </EmptyState>
        }
      >
        <ul className={styles.codeList} aria-label="Your referral codes">
          {codes.data?.items.map((code) => (
            <li key={code.code}>
              <CodeCard code={code} origin={origin} />
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
};

const NewCodeForm = () => {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateReferralCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!REFERRAL_CODE_PATTERN.test(value)) {
      setError(CODE_RULE);
      return;
    }
    create.mutate(value, {
      onSuccess: (created) => {
        setCode('');
        setError(undefined);
        toast.success(`Code ${created.code} created.`);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  return (
    <Card>
      <form className={styles.newCode} onSubmit={submit} aria-label="Create a referral code">
        <TextField
          label="New referral code"
          name="code"
          value={code}
          placeholder="e.g. ALPHA"
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
          hint={`${CODE_RULE} Codes are unique whatever their case.`}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={create.isPending}>
          <Plus size={16} aria-hidden="true" />
          Create code
        </Button>
      </form>
    </Card>
  );
};

const CodeCard = ({ code, origin }: { code: TReferralCode; origin: string }) => {
  const links = referralLinks(origin, code.code);
  return (
    <Card as="article" className={styles.codeCard} aria-label={`Referral code ${code.code}`}>
      <div className={styles.codeMain}>
        <h3 className={styles.codeName}>{code.code}</h3>
        <dl className={styles.funnel}>
          <Figure label="Clicks" value={String(code.clicks)} />
          <Figure label="Sign-ups" value={String(code.signUps)} />
          <Figure label="Paying" value={String(code.payingAccounts)} />
          <Figure label="Conversion" value={code.conversion === null ? '—' : `${code.conversion} %`} />
        </dl>
        <CopyField label="Landing page" value={links.landing} showLabel />
        <CopyField label="Sign-up" value={links.login} showLabel />
      </div>
      <div className={styles.qr} role="img" aria-label={`QR code of ${links.landing}`}>
        <QRCodeSVG value={links.landing} size={132} marginSize={0} level="M" />
      </div>
    </Card>
  );
};

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div className={styles.figure}>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);
