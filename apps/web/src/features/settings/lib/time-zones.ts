/** Every IANA zone the browser knows, with UTC and the given ones included even where Intl omits them. */
export const timeZoneChoices = (...include: (string | null)[]): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const extra = include.filter((zone): zone is string => Boolean(zone));
  return [...new Set(['UTC', ...extra, ...known])].sort((a, b) =>
    a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b),
  );
};

/** 'Europe/Paris' → 'Europe / Paris', 'America/Argentina/Buenos_Aires' → 'America / Argentina / Buenos Aires'. */
export const zoneLabel = (zone: string): string => zone.replaceAll('_', ' ').split('/').join(' / ');
