import type { TSkillLevel } from '@cdca/contracts';
import { useEffect, useState } from 'react';
import { defaultDraft, type EpicDraft } from '../lib/epic-draft.ts';
import { readStoredDraft, writeStoredDraft } from '../lib/epic-draft-store.ts';

export type EpicDraftState = {
  coinId: string | null;
  draft: EpicDraft;
  chooseCoin: (coinId: string) => void;
  update: (change: Partial<EpicDraft>) => void;
  /** Back to the skill level's defaults (the coin stays). */
  reset: () => void;
};

/**
 * The create-epic inputs, restored from browser storage and saved on every change. A coin asked for explicitly
 * (a "start epic" link) wins over the stored one, which wins over `fallbackCoinId` (the focused coin).
 */
export const useEpicDraft = (
  skill: TSkillLevel | null,
  requestedCoinId: string | null,
  fallbackCoinId: string | null,
): EpicDraftState => {
  const [state, setState] = useState(() => {
    const stored = readStoredDraft();
    return {
      coinId: requestedCoinId ?? stored?.coinId ?? fallbackCoinId,
      draft: stored?.draft ?? defaultDraft(skill),
    };
  });

  useEffect(() => {
    if (requestedCoinId) setState((current) => ({ ...current, coinId: requestedCoinId }));
  }, [requestedCoinId]);

  useEffect(() => writeStoredDraft(state.coinId, state.draft), [state]);

  return {
    coinId: state.coinId,
    draft: state.draft,
    chooseCoin: (coinId) => setState((current) => ({ ...current, coinId })),
    update: (change) => setState((current) => ({ ...current, draft: { ...current.draft, ...change } })),
    reset: () => setState((current) => ({ ...current, draft: defaultDraft(skill) })),
  };
};
