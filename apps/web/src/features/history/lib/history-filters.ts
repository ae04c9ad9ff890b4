import { EPIC_SORTS, type TEpicSort, type TEpicStatus } from '@cdca/contracts';
import { TERMINAL_EPIC_STATUSES } from '@/lib/epics/epic-status.ts';

/** The history view's state, kept in the URL so a filtered page can be shared, reloaded and gone back to. */
export type HistoryFilters = {
  /** One terminal status, or all of them. */
  status: TEpicStatus | 'all';
  /** A product such as 'SOL-USD', or every coin. */
  coin: string | 'all';
  sort: TEpicSort;
  /** 1-based. */
  page: number;
};

export const HISTORY_PAGE_SIZE = 20;
export const DEFAULT_HISTORY_SORT: TEpicSort = 'updatedAt:desc';

export const SORT_LABELS: Record<TEpicSort, string> = {
  'updatedAt:desc': 'Latest ended',
  'updatedAt:asc': 'Earliest ended',
  'createdAt:desc': 'Latest started',
  'createdAt:asc': 'Earliest started',
};

const isTerminal = (value: string | null): value is TEpicStatus =>
  TERMINAL_EPIC_STATUSES.some((status) => status === value);

const isSort = (value: string | null): value is TEpicSort => EPIC_SORTS.some((sort) => sort === value);

/** Anything unknown in the URL falls back to the default rather than erroring. */
export const readHistoryFilters = (params: URLSearchParams): HistoryFilters => {
  const status = params.get('status');
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    status: isTerminal(status) ? status : 'all',
    coin: params.get('coin')?.trim() || 'all',
    sort: isSort(sort) ? sort : DEFAULT_HISTORY_SORT,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
  };
};

/** Defaults are left out so the plain /history URL stays plain. */
export const writeHistoryFilters = (filters: HistoryFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.coin !== 'all') params.set('coin', filters.coin);
  if (filters.sort !== DEFAULT_HISTORY_SORT) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
};

/** The statuses to ask the server for. */
export const statusesOf = (filters: Pick<HistoryFilters, 'status'>): readonly TEpicStatus[] =>
  filters.status === 'all' ? TERMINAL_EPIC_STATUSES : [filters.status];
