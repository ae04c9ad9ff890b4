import type { TLeaderboard, TLeaderboardEntry } from '@cdca/contracts';
import { ProfitAmount } from '@/components/epic/profit-amount.tsx';
import { DataTable } from '@/components/ui/data-table.tsx';
import { formatPercent } from '@/lib/format/number.ts';
import styles from './leaderboard.module.css';

export type LeaderboardTableProps = { board: TLeaderboard };

const tone = (value: string) => (value.startsWith('-') ? styles.down : value === '0.00' ? '' : styles.up);

const Row = ({ entry }: { entry: TLeaderboardEntry }) => (
  <tr data-you={entry.you || undefined}>
    <td className={styles.position}>{entry.position}</td>
    <td className={styles.name}>
      <div className={styles.nameCell}>
        <span className={`${styles.nameText} ${entry.anonymous ? styles.handle : ''}`} title={entry.name}>
          {entry.name}
        </span>
        {entry.you ? <span className={styles.you}>You</span> : null}
      </div>
    </td>
    <td className={`num ${styles.right} ${tone(entry.returnPct)}`}>{formatPercent(entry.returnPct)}</td>
    <td className={`${styles.right} ${styles.dollars}`}>
      {entry.realisedPnl === null ? (
        <span className={styles.hidden} title="This trader keeps dollar amounts private">
          hidden
        </span>
      ) : (
        <ProfitAmount value={entry.realisedPnl} />
      )}
    </td>
    <td className={`num ${styles.right}`} data-priority="low">
      {entry.epics}
    </td>
  </tr>
);

/** The ranked rows; the caller's own row is repeated below when it stands outside the top 50. */
export const LeaderboardTable = ({ board }: LeaderboardTableProps) => {
  const outside = board.you && !board.entries.some((entry) => entry.you) ? board.you : null;
  return (
    <DataTable
      cells="dense"
      tableClassName={styles.table}
      caption={`Top ${board.entries.length} of ${board.ranked} traders by return over the last ${board.window.days} days`}
    >
      <thead>
        <tr>
          <th scope="col" className={styles.position}>
            #
          </th>
          <th scope="col">Trader</th>
          <th scope="col" className={styles.right}>
            Return
          </th>
          <th scope="col" className={`${styles.right} ${styles.dollars}`}>
            Profit
          </th>
          <th scope="col" className={styles.right} data-priority="low">
            Epics
          </th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((entry) => (
          <Row key={`${entry.position}-${entry.name}`} entry={entry} />
        ))}
        {outside ? (
          <>
            <tr className={styles.gap}>
              <td colSpan={5}>
                <span className={styles.visuallyHidden}>Your position:</span>
                <span aria-hidden="true">⋯</span>
              </td>
            </tr>
            <Row entry={outside} />
          </>
        ) : null}
      </tbody>
    </DataTable>
  );
};
