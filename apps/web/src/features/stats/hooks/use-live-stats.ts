import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { refreshQueries } from '@/lib/react-query.ts';
import { useRealtimeEvent } from '@/lib/realtime/realtime-context.ts';
import { statsQueryRoot } from '../api/get-stats.ts';

/**
 * A burst of fills arrives as many events within a second; waiting this long after the last one makes the burst
 * one re-read of the report instead of a restarted request per event.
 */
const SETTLE_MS = 1000;

/**
 * The report moves when an epic starts or ends (counts, realised P&L, running epics) and when an order fills
 * (volume, fees, capital deployed): re-read it on those events, no polling. Price ticks (coin.updated) are left
 * out on purpose: they only move the unrealised figure, and re-running the report's SQL on every tick of every
 * coin would cost far more than it shows (docs/decisions/stats-figures.md: one statement per report).
 */
export const useLiveStats = () => {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void refreshQueries(queryClient, { queryKey: statsQueryRoot });
    }, SETTLE_MS);
  };
  useRealtimeEvent('epic.created', refresh);
  useRealtimeEvent('epic.updated', refresh);
  useRealtimeEvent('trade.created', refresh);
  useRealtimeEvent('trade.updated', refresh);
};
