import type { MarketData, Unsubscribe } from '@cdca/exchange';
import type { EngineContext, FiredTrigger } from './engine-context.ts';

/**
 * The venue's ticks for products with armed triggers (and only those), fired triggers kept for the epic's next
 * pass; a tick that fires one wakes the engine. A newly watched product is checked at once from its ticker.
 */
export const createTickWatch = (ctx: EngineContext, market: MarketData, wake: () => void) => {
  let unsubscribe: Unsubscribe | undefined;
  let watched = '';

  const onTick = (productId: string, bid: string, ask: string) => {
    for (const trigger of ctx.book.onTick(productId, bid, ask)) {
      const list: FiredTrigger[] = ctx.fired.get(trigger.epicId) ?? [];
      list.push({ id: trigger.id, kind: trigger.kind, bid, ask });
      ctx.fired.set(trigger.epicId, list);
    }
  };

  const subscribe = (products: string[]) =>
    products.length
      ? market.subscribeTicks(products, (tick) => {
          onTick(tick.productId, tick.bid, tick.ask);
          if (ctx.fired.size > 0) wake();
        })
      : undefined;

  return {
    /** After each pass: follows the trigger book's products. */
    follow: async () => {
      const wanted = ctx.book.products().sort();
      const key = wanted.join(',');
      if (key === watched) return;
      const before = new Set(watched.split(','));
      unsubscribe?.();
      watched = key;
      unsubscribe = subscribe(wanted);
      for (const productId of wanted.filter((p) => !before.has(p))) {
        const ticker = await market.getTicker(productId).catch(() => undefined);
        if (ticker) onTick(productId, ticker.bid, ticker.ask);
      }
    },
    close: () => unsubscribe?.(),
  };
};
