import { z } from 'zod/mini';
import { readJson, writeJson } from '@/lib/storage/storage.ts';
import { type EpicDraft, ZEpicDraft } from './epic-draft.ts';

/**
 * The create-epic inputs survive a reload (docs/product.md §3 "epic inputs" key, `cdca.epicInputs`): the draft as typed
 * and the coin it is for. Anything unreadable is ignored rather than trusted.
 */
const ZStoredDraft = z.object({ coinId: z.nullable(z.uuid()), draft: ZEpicDraft });
export type StoredDraft = z.infer<typeof ZStoredDraft>;

export const readStoredDraft = (): StoredDraft | null => {
  const parsed = ZStoredDraft.safeParse(readJson('epicInputs'));
  return parsed.success ? parsed.data : null;
};

export const writeStoredDraft = (coinId: string | null, draft: EpicDraft): void =>
  writeJson('epicInputs', { coinId, draft } satisfies StoredDraft);
