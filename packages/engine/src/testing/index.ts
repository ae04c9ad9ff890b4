/** Test support: fixtures and the manual clock. Production code never imports it (biome.json). */
export * from './catalogue-product.ts';
export * from './epic-life.ts';
export * from './manual-clock.ts';
export * from './product.fixture.ts';
