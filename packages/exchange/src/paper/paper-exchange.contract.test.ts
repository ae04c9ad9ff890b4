import { describeExchangeContract } from '../testing/contract/exchange-contract.ts';
import { createPaperExchange } from './paper-exchange.ts';

describeExchangeContract('paper', async () => {
  // No clock timer: prices move only when the suite sets them, so every run is the same.
  const exchange = createPaperExchange({
    seed: 7,
    clock: { now: () => new Date() },
    liquidityPerTickUsd: '1000',
  });
  return {
    exchange,
    mintKey: (permissions) => exchange.mintKey(permissions),
    fund: (credentials, currency, amount) => exchange.fund(credentials.keyName, currency, amount),
    setPrice: exchange.setPrice,
    setProductStatus: exchange.setProductStatus,
    close: exchange.close,
  };
});
