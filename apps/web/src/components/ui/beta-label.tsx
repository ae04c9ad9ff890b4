export type BetaLabelProps = { show: boolean };

/** Staging builds carry a BETA label (docs/product.md §1). */
export const BetaLabel = ({ show }: BetaLabelProps) =>
  show ? (
    <span
      style={{
        fontSize: 10,
        fontWeight: 800,
        letterSpacing: '0.12em',
        color: '#f59e0b',
        border: '1px solid rgba(245,158,11,.45)',
        borderRadius: 6,
        padding: '2px 6px',
      }}
    >
      BETA
    </span>
  ) : null;
