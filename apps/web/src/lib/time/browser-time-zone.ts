/** The IANA zone this browser runs in, or UTC when it cannot say (docs/decisions/daily-report.md). */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};
