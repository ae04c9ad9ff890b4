/** The backtest replay's public surface (docs/decisions/backtest-replay.md); the hot scan stays internal. */
export * from './candle-wire.ts';
export * from './candles.ts';
export * from './replay.ts';
export * from './rolling-starts.ts';
export * from './venue-quote.ts';
