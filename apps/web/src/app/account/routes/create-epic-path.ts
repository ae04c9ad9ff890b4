/** Where epics are created; `coinId` preselects the coin (a "Start epic" action on a coin). */
export const NEW_EPIC_PATH = '/dashboard/new-epic';

export const newEpicPath = (coinId?: string): string =>
  coinId ? `${NEW_EPIC_PATH}?coin=${encodeURIComponent(coinId)}` : NEW_EPIC_PATH;
