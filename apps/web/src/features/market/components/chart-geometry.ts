export type ChartPoint = { x: number; y: number };

/**
 * Maps values onto a width × height box (y grows downward), leaving `pad` of the height free above and
 * below so the line never touches the edges. A flat series sits in the middle.
 */
export const chartPoints = (values: number[], width: number, height: number, pad = 0.08): ChartPoint[] => {
  if (values.length === 0) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const usable = height * (1 - 2 * pad);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, index) => ({
    x: values.length > 1 ? index * step : width / 2,
    y: span === 0 ? height / 2 : height * pad + usable * (1 - (value - min) / span),
  }));
};

export const linePath = (points: ChartPoint[]): string =>
  points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(2)},${point.y.toFixed(2)}`)
    .join('');

export const areaPath = (points: ChartPoint[], height: number): string => {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  return `${linePath(points)}L${last.x.toFixed(2)},${height}L${first.x.toFixed(2)},${height}Z`;
};
