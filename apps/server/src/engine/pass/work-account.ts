import type { EngineContext } from '../engine-context.ts';
import type { createFailureHandler } from '../steps/epic-failures.ts';
import { workEpic } from '../steps/epic-steps.ts';
import type { WorkingEpic } from '../store/epic-rows.ts';
import type { ClaimedEpic } from '../store/leases.ts';
import type { AccountSession } from '../venue-sync/account-sessions.ts';
import { applyFills, applyPlainFills } from '../venue-sync/apply-fills.ts';
import { type ChunkAnswers, createChunkAnswers } from '../venue-sync/venue-answers.ts';
import type { AccountFills } from './account-fills.ts';
import type { LeaseKeeper } from './lease-keeper.ts';
import type { QuietEpics } from './quiet-epics.ts';

/** Epics whose rows are loaded together (two queries per chunk). */
const LOAD_CHUNK = 200;

/** What working one account's epics needs: the process's parts, and this pass's leases. */
export type AccountPass = {
  ctx: EngineContext;
  failures: ReturnType<typeof createFailureHandler>;
  quiet: QuietEpics;
  fills: AccountFills;
  lease: LeaseKeeper;
};
type OpenAccount = Awaited<ReturnType<AccountFills['due']>> & { session: AccountSession };

const fail = async (pass: AccountPass, epic: ClaimedEpic, error: unknown) => {
  pass.quiet.forget(epic.id);
  await pass.failures.fail(epic, error);
};

/** The account's session and its fills due; undefined (every epic failed with the reason) when it has none. */
const openAccount = async (pass: AccountPass, accountId: string, held: readonly ClaimedEpic[]) => {
  try {
    const session = await pass.ctx.sessions.get(accountId);
    return { session, ...(await pass.fills.due(session, accountId, held)) };
  } catch (error) {
    for (const epic of held) await fail(pass, epic, error);
    return undefined;
  }
};

/**
 * One epic's pass: its fills booked, then (unless it is backing off) its step. false when its fills could not all
 * be booked, so the account's fill cursor must stay where it is.
 */
const workOne = async (
  pass: AccountPass,
  open: OpenAccount,
  { epic, work }: { epic: ClaimedEpic; work: WorkingEpic },
  accountStatus: string | undefined,
  answers: ChunkAnswers,
) => {
  let booked = false;
  try {
    await applyFills(pass.ctx, work, open.fills.get(epic.id) ?? []);
    booked = true;
    if (pass.failures.backingOff(epic.id)) return true;
    await workEpic(pass.ctx, open.session, work, accountStatus, answers);
    if (work.row.status !== 'warning') pass.failures.succeeded(epic.id);
    pass.quiet.worked(work, accountStatus);
  } catch (error) {
    await fail(pass, epic, error);
  }
  return booked;
};

/** The chunk's epics this worker still holds, with their working copies (undefined: unreadable). */
const heldOf = async (
  pass: AccountPass,
  chunk: readonly ClaimedEpic[],
  loaded: Awaited<ReturnType<AccountPass['ctx']['store']['loadWorking']>>,
) => {
  const held: { epic: ClaimedEpic; work: WorkingEpic | undefined }[] = [];
  let allHeld = true;
  for (const epic of chunk) {
    const work = loaded.working.get(epic.id);
    if (!work && !loaded.unreadable.has(epic.id)) continue;
    if (!(await pass.lease.holds(epic.id))) {
      // Another worker took it: what this process knew about its orders may be stale.
      pass.ctx.knownAbsent.forgetEpic(epic.id);
      allHeld = false;
      continue;
    }
    held.push({ epic, work });
  }
  return { held, allHeld };
};

/**
 * A chunk of epics loaded together: their plain fills booked in one transaction (applyPlainFills), then each
 * epic worked one after another (its other fills booked alone, then its step), and the venue's answers of their
 * steps written together at the end (venue-answers.ts). false when some fill was left unbooked.
 */
const workChunk = async (
  pass: AccountPass,
  open: OpenAccount,
  chunk: readonly ClaimedEpic[],
  accountStatus: string | undefined,
) => {
  const loaded = await pass.ctx.store.loadWorking(chunk.map((e) => e.id));
  const { held, allHeld } = await heldOf(pass, chunk, loaded);
  let allBooked = allHeld;
  await applyPlainFills(
    pass.ctx,
    held.flatMap(({ epic, work }) => {
      const fills = open.fills.get(epic.id);
      return work && fills && !pass.failures.backingOff(epic.id) ? [{ work, fills }] : [];
    }),
  );
  const answers = createChunkAnswers(pass.ctx);
  try {
    for (const { epic, work } of held) {
      // Checked again before each step: the batch and the epics before this one took time.
      if (!(await pass.lease.holds(epic.id))) {
        pass.ctx.knownAbsent.forgetEpic(epic.id);
        allBooked = false;
        continue;
      }
      if (work) allBooked = (await workOne(pass, open, { epic, work }, accountStatus, answers)) && allBooked;
      else {
        // Its fills stay unbooked until it can be read: the cursor must not move past them.
        allBooked &&= !open.fills.has(epic.id);
        await fail(pass, epic, loaded.unreadable.get(epic.id));
      }
    }
  } finally {
    // Lost answers cost a venue lookup next pass, nothing more (venue-answers.ts); a failure here fails no epic.
    await answers.flush().catch((error: unknown) => {
      pass.ctx.log.warn({ err: error }, 'engine: the venue answers of a chunk could not be written');
    });
  }
  return allBooked;
};

/**
 * One account's held epics this pass, one after another (one key, one throttle): only those with fills or work
 * are loaded (quiet-epics.ts), and the account's fill cursor moves only once every fill found is booked.
 */
export const workAccount = async (
  pass: AccountPass,
  accountId: string,
  held: readonly ClaimedEpic[],
  accountStatus: string | undefined,
) => {
  const open = await openAccount(pass, accountId, held);
  if (!open) return;
  const toWork: ClaimedEpic[] = [];
  for (const epic of held)
    if (open.fills.has(epic.id) || (await pass.quiet.needsWork(epic, accountStatus))) toWork.push(epic);
  let allBooked = true;
  for (let i = 0; i < toWork.length; i += LOAD_CHUNK)
    allBooked = (await workChunk(pass, open, toWork.slice(i, i + LOAD_CHUNK), accountStatus)) && allBooked;
  if (allBooked) await open.saveCursor?.();
};
