import { livenessLabel } from '@/lib/realtime/liveness.ts';
import { useRealtimeStatus } from '@/lib/realtime/realtime-context.ts';

export type LiveBadgeProps = {
  /** The panel's own look; `[data-live="false"]` is styled there to drop the green. */
  className?: string;
};

/** A panel's "Live" mark, which says so only while realtime events are flowing (lib/realtime/liveness.ts). */
export const LiveBadge = ({ className }: LiveBadgeProps) => {
  const status = useRealtimeStatus();
  return (
    <span className={className} data-live={status === 'connected'}>
      {livenessLabel(status)}
    </span>
  );
};
