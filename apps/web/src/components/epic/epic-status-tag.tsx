import type { TEpicStatus } from '@cdca/contracts';
import { Tag } from '@/components/ui/tag.tsx';
import { epicStatusLabel, epicStatusMeaning, epicStatusTone } from '@/lib/epics/epic-status.ts';
import styles from './epic.module.css';

export type EpicStatusTagProps = { status: TEpicStatus; showMeaningAsTitle?: boolean };

/** The epic's status as a coloured pill; busy states pulse so a trader sees something is happening. */
export const EpicStatusTag = ({ status, showMeaningAsTitle = true }: EpicStatusTagProps) => {
  const busy =
    status === 'pending' || status === 'processing' || status === 'cancelling' || status === 'liquidating';
  return (
    <span
      className={styles.statusTag}
      title={showMeaningAsTitle ? epicStatusMeaning(status) : undefined}
      data-status={status}
    >
      <Tag tone={epicStatusTone(status)}>
        {busy ? <span className={styles.pulse} aria-hidden="true" /> : null}
        {epicStatusLabel(status)}
      </Tag>
    </span>
  );
};
