import type { TEpicDetail } from '@cdca/contracts';
import { formatPrice, formatUsd } from '@/lib/format/number.ts';
import styles from './breakdown.module.css';
import { SectionCard } from './section-card.tsx';

export type EpicSettingsCardProps = { detail: TEpicDetail };

const DIRECTION = { below: 'Below the price', above: 'Above the price', 'above-below': 'Both sides' };

/** What the trader chose when creating the epic, and the price it started from. */
export const EpicSettingsCard = ({ detail }: EpicSettingsCardProps) => {
  const { inputs, plan } = detail;
  const rows: [string, string][] = [
    ['Budget', formatUsd(inputs.budget)],
    ['Started at', formatPrice(plan.referencePrice)],
    ['DCA levels', String(inputs.dcaLevels)],
    ['Buy spread', `${inputs.buySpread}%`],
    ['Sell spread', `${inputs.sellSpread}%`],
    [
      'Stop',
      inputs.stopSpread === null ? 'None' : `${inputs.stopSpread}% · ${formatPrice(plan.stopPrice ?? '0')}`,
    ],
    ['Scaling', inputs.scaling],
    ['Load', inputs.load],
    ['Direction', DIRECTION[inputs.direction]],
  ];
  return (
    <SectionCard titleId="epic-settings-title" title="Settings">
      <dl className={styles.settings}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.settingsRow}>
            <dt>{label}</dt>
            <dd className={styles.capitalize}>{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
};
