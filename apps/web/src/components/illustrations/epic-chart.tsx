export type EpicChartProps = {
  /** Highlight one phase of the epic: levels, buys, take-profit or closed. */
  focus?: 'all' | 'levels' | 'buys' | 'take-profit' | 'closed';
  title?: string;
};

const LEVELS = [70, 100, 130, 160];
const PRICE =
  'M10 58 C40 50 55 72 80 74 S120 96 150 104 S185 132 200 130 S230 150 250 158 S290 120 310 92 S350 40 390 34';
const BUYS: [number, number][] = [
  [80, 74],
  [150, 104],
  [200, 130],
  [250, 158],
];

/**
 * An illustrative epic: the budget is split over DCA levels below the start price, each level buys as price
 * drops, and the take-profit sits above the average buy price. Not market data.
 */
export const EpicChart = ({ focus = 'all', title = 'Illustration of an epic' }: EpicChartProps) => {
  const dim = (on: boolean) => (focus === 'all' || on ? 1 : 0.25);
  return (
    <svg viewBox="0 0 400 190" role="img" aria-label={title} style={{ width: '100%', height: 'auto' }}>
      <defs>
        <linearGradient id="epic-fill" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#22c55e" stopOpacity="0.22" />
          <stop offset="1" stopColor="#22c55e" stopOpacity="0" />
        </linearGradient>
      </defs>
      <g opacity={dim(focus === 'levels')}>
        {LEVELS.map((y, index) => (
          <g key={y}>
            <line x1="10" x2="390" y1={y + 4} y2={y + 4} stroke="#343c52" strokeDasharray="4 5" />
            <text x="392" y={y} fill="#8b93a7" fontSize="9" textAnchor="end">
              L{index + 1}
            </text>
          </g>
        ))}
      </g>
      <g opacity={dim(focus === 'take-profit' || focus === 'closed')}>
        <line x1="10" x2="390" y1="40" y2="40" stroke="#22c55e" strokeWidth="1.5" strokeDasharray="6 4" />
        <text x="14" y="34" fill="#22c55e" fontSize="10" fontWeight="700">
          Take-profit · average + sell spread
        </text>
      </g>
      <line x1="10" x2="390" y1="120" y2="120" stroke="#60a5fa" strokeOpacity={dim(focus === 'buys') * 0.7} />
      <text x="14" y="116" fill="#60a5fa" fontSize="9" opacity={dim(focus === 'buys')}>
        average buy price
      </text>
      <path d={`${PRICE} L390 190 L10 190 Z`} fill="url(#epic-fill)" opacity={0.9} />
      <path d={PRICE} fill="none" stroke="#e6e8ee" strokeWidth="2.2" strokeLinecap="round" />
      <g opacity={dim(focus === 'buys')}>
        {BUYS.map(([x, y]) => (
          <circle key={x} cx={x} cy={y} r="5" fill="#0b0e14" stroke="#22c55e" strokeWidth="2.5" />
        ))}
      </g>
      <g opacity={dim(focus === 'closed' || focus === 'take-profit')}>
        <circle cx="372" cy="38" r="7" fill="#22c55e" />
        <path
          d="M368.5 38 l2.5 2.5 l4.5 -5"
          stroke="#03140a"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </g>
    </svg>
  );
};
