/**
 * What wouter imports as `use-sync-external-store/shim` (vite.config.ts points it here): the shim is for React 17
 * and older, and on React 19 only hands over React's own hook, after ~0.4 KB gzip of code that never runs.
 */
export { useSyncExternalStore } from 'react';
