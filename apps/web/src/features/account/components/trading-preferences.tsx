import type { TAccount } from '@cdca/contracts';
import { SkillLevelPicker } from '@/components/forms/skill-level-picker.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useUpdateAccount } from '../api/update-account.ts';

export type TradingPreferencesProps = { account: TAccount };

/** The skill level tailors defaults and explanations when creating epics. */
export const TradingPreferences = ({ account }: TradingPreferencesProps) => {
  const update = useUpdateAccount(account.userId);
  return (
    <Card as="section" aria-label="Trading preferences">
      <SkillLevelPicker
        value={account.skillLevel}
        onChange={(skillLevel) => update.mutate({ skillLevel })}
        legend="Trading experience"
      />
      <p style={{ color: 'var(--muted)', fontSize: 14, marginTop: 14 }}>
        Sets the defaults and how much explanation you see when creating an epic.
      </p>
    </Card>
  );
};
