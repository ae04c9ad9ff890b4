/** A probe answer younger than this is the answer; an older one is refreshed in the background. */
export const HEALTH_FRESH_MS = 2000;
/** A probe still unanswered after this long means the database is not answering. */
export const HEALTH_STUCK_MS = 15_000;

/**
 * Whether the database answered, from memory: /health is asked every second or two by every balancer and
 * supervisor, and a `select 1` per ask waited behind the process's busy connection pool (bench/README.md,
 * "Topology"). The last probe's answer stands while it is fresh; after that one probe runs at a time, and asks
 * meanwhile get the last answer — unless that probe has hung for HEALTH_STUCK_MS. Only the first ask waits for a
 * probe. Time comes from `now`, so the tests move it by hand (docs/decisions/topology.md).
 */
export const createHealthProbe = ({ check, now }: { check: () => Promise<void>; now: () => number }) => {
  let last: { healthy: boolean; at: number } | undefined;
  let probing: { answer: Promise<boolean>; since: number } | undefined;

  const probe = () => {
    if (probing) return probing.answer;
    const answer = check().then(
      () => true,
      () => false,
    );
    probing = { answer, since: now() };
    void answer.then((healthy) => {
      last = { healthy, at: now() };
      probing = undefined;
    });
    return answer;
  };

  return {
    healthy: async (): Promise<boolean> => {
      if (!last) return probe();
      if (now() - last.at < HEALTH_FRESH_MS) return last.healthy;
      void probe();
      if (probing && now() - probing.since >= HEALTH_STUCK_MS) return false;
      return last.healthy;
    },
  };
};
