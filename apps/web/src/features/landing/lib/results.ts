export type ResultCard = {
  src: string;
  coin: string;
  profit: string;
  levels: string;
  days: number;
};

/**
 * The gallery's result cards (public/results/*.svg), in the format traders share a closed epic. The alt text
 * carries what the image shows, so the gallery reads the same without it.
 */
export const RESULT_CARDS: readonly ResultCard[] = [
  { src: '/results/result-01.svg', coin: 'BTC', profit: '$318.42', levels: '4 of 6', days: 9 },
  { src: '/results/result-02.svg', coin: 'ETH', profit: '$246.10', levels: '5 of 8', days: 6 },
  { src: '/results/result-03.svg', coin: 'SOL', profit: '$189.75', levels: '3 of 6', days: 4 },
  { src: '/results/result-04.svg', coin: 'AVAX', profit: '$522.08', levels: '6 of 8', days: 17 },
  { src: '/results/result-05.svg', coin: 'LINK', profit: '$96.30', levels: '2 of 5', days: 2 },
  { src: '/results/result-06.svg', coin: 'DOGE', profit: '$705.44', levels: '7 of 10', days: 23 },
  { src: '/results/result-07.svg', coin: 'ADA', profit: '$131.90', levels: '4 of 8', days: 11 },
  { src: '/results/result-08.svg', coin: 'DOT', profit: '$402.17', levels: '5 of 6', days: 14 },
  { src: '/results/result-09.svg', coin: 'XRP', profit: '$158.60', levels: '3 of 8', days: 3 },
  { src: '/results/result-10.svg', coin: 'LTC', profit: '$211.35', levels: '4 of 6', days: 8 },
  { src: '/results/result-11.svg', coin: 'ATOM', profit: '$894.12', levels: '6 of 10', days: 19 },
];

export const resultAlt = (card: ResultCard): string =>
  `${card.coin} epic closed with ${card.profit} profit after ${card.days} ${card.days === 1 ? 'day' : 'days'}, ${card.levels} levels bought`;

/** docs/product.md §9: one pass of the gallery takes about 36.7 seconds. */
export const GALLERY_LOOP_MS = 36_667;
