import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * One product's candles of one UTC day, as stored in a `candle_days` row (docs/decisions/candle-store.md): the
 * minutes that traded, column-wise. Prices are floats on the product's grid, volume in base.
 */
export type DayCandles = {
  /** Minute of the day, 0–1439, ascending. */
  minute: Uint16Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float32Array;
};

const VERSION = 1;
const INT32 = 0;
const FLOAT64 = 1;
const HEADER_BYTES = 8;
const INT32_MAX = 2_147_483_647;

/**
 * The decimals that put every price of the day on an integer grid that fits an Int32, from the product's own
 * increment's decimals up; undefined when none does (then the day is stored as Float64).
 */
export const gridScale = (prices: readonly Float64Array[], decimals: number): number | undefined => {
  for (let scale = decimals; scale <= Math.min(decimals + 2, 12); scale++) {
    const factor = 10 ** scale;
    let fits = true;
    for (const column of prices) {
      for (const price of column) {
        const ticks = Math.round(price * factor);
        if (ticks > INT32_MAX || ticks <= 0 || ticks / factor !== price) {
          fits = false;
          break;
        }
      }
      if (!fits) break;
    }
    if (fits) return scale;
  }
  return undefined;
};

/**
 * Packs a day: an 8-byte header (version, price format, scale, count), the minutes, then the prices — on the grid
 * as Int32 deltas (open from the previous close, close from the open, high above and low below the body: mostly
 * tiny numbers) or as Float64 — and Float32 volume; the whole deflated. A full day of BTC is ~8 KB instead of the
 * 52 KB of plain Float64 columns.
 */
export const encodeDay = (day: DayCandles, priceDecimals: number): Buffer => {
  const count = day.minute.length;
  const scale = gridScale([day.open, day.high, day.low, day.close], priceDecimals);
  const priceBytes = scale === undefined ? 8 : 4;
  const raw = Buffer.alloc(HEADER_BYTES + count * (2 + 4 * priceBytes + 4));
  raw.writeUInt8(VERSION, 0);
  raw.writeUInt8(scale === undefined ? FLOAT64 : INT32, 1);
  raw.writeUInt8(scale ?? 0, 2);
  raw.writeUInt32LE(count, 4);
  let at = HEADER_BYTES;
  for (const m of day.minute) at = raw.writeUInt16LE(m, at);
  if (scale === undefined) {
    for (const column of [day.open, day.high, day.low, day.close])
      for (const price of column) at = raw.writeDoubleLE(price, at);
  } else {
    const factor = 10 ** scale;
    const ticks = (column: Float64Array, i: number) => Math.round((column[i] ?? 0) * factor);
    const deltas = [
      new Int32Array(count),
      new Int32Array(count),
      new Int32Array(count),
      new Int32Array(count),
    ];
    let previousClose = 0;
    for (let i = 0; i < count; i++) {
      const [o, h, l, c] = [ticks(day.open, i), ticks(day.high, i), ticks(day.low, i), ticks(day.close, i)];
      (deltas[0] as Int32Array)[i] = o - previousClose;
      (deltas[1] as Int32Array)[i] = h - Math.max(o, c);
      (deltas[2] as Int32Array)[i] = Math.min(o, c) - l;
      (deltas[3] as Int32Array)[i] = c - o;
      previousClose = c;
    }
    for (const column of deltas) for (const value of column) at = raw.writeInt32LE(value, at);
  }
  for (const v of day.volume) at = raw.writeFloatLE(v, at);
  return deflateRawSync(raw, { level: 6 });
};

export const decodeDay = (packed: Uint8Array): DayCandles => {
  const raw = inflateRawSync(packed);
  if (raw.readUInt8(0) !== VERSION) throw new Error(`candle day format ${raw.readUInt8(0)} is unknown`);
  const isFloat = raw.readUInt8(1) === FLOAT64;
  const factor = 10 ** raw.readUInt8(2);
  const count = raw.readUInt32LE(4);
  const day = emptyDay(count);
  let at = HEADER_BYTES;
  for (let i = 0; i < count; i++, at += 2) day.minute[i] = raw.readUInt16LE(at);
  if (isFloat) {
    for (const column of [day.open, day.high, day.low, day.close])
      for (let i = 0; i < count; i++, at += 8) column[i] = raw.readDoubleLE(at);
  } else {
    const delta = (column: number, i: number) => raw.readInt32LE(at + (column * count + i) * 4);
    let previousClose = 0;
    for (let i = 0; i < count; i++) {
      const o = previousClose + delta(0, i);
      const c = o + delta(3, i);
      day.open[i] = o / factor;
      day.close[i] = c / factor;
      day.high[i] = (Math.max(o, c) + delta(1, i)) / factor;
      day.low[i] = (Math.min(o, c) - delta(2, i)) / factor;
      previousClose = c;
    }
    at += count * 16;
  }
  for (let i = 0; i < count; i++, at += 4) day.volume[i] = raw.readFloatLE(at);
  return day;
};

export const emptyDay = (count: number): DayCandles => ({
  minute: new Uint16Array(count),
  open: new Float64Array(count),
  high: new Float64Array(count),
  low: new Float64Array(count),
  close: new Float64Array(count),
  volume: new Float32Array(count),
});

/** `older` with `newer`'s minutes laid over it (a venue's later answer wins), in minute order. */
export const mergeDays = (older: DayCandles, newer: DayCandles): DayCandles => {
  const replaced = new Set(newer.minute);
  const keep: number[] = [];
  older.minute.forEach((m, i) => {
    if (!replaced.has(m)) keep.push(i);
  });
  const order = [
    ...keep.map((i) => ({ from: older, i })),
    ...Array.from(newer.minute, (_, i) => ({ from: newer, i })),
  ].sort((a, b) => (a.from.minute[a.i] ?? 0) - (b.from.minute[b.i] ?? 0));
  const merged = emptyDay(order.length);
  order.forEach(({ from, i }, k) => {
    merged.minute[k] = from.minute[i] ?? 0;
    merged.open[k] = from.open[i] ?? 0;
    merged.high[k] = from.high[i] ?? 0;
    merged.low[k] = from.low[i] ?? 0;
    merged.close[k] = from.close[i] ?? 0;
    merged.volume[k] = from.volume[i] ?? 0;
  });
  return merged;
};
