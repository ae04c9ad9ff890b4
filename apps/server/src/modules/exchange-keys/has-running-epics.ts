/**
 * Whether the account has epics that still act on the exchange with its key (so the key may not be removed).
 * There are no epics yet: the engine issue replaces this with a query on its epics table.
 */
export const hasRunningEpics = async (_accountId: string): Promise<boolean> => false;
