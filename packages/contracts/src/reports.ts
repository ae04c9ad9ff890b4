import { z } from 'zod/mini';

/** An IANA time zone the runtime's Intl knows ('Europe/Paris', 'UTC'), answered in its canonical spelling. */
export const ZTimeZone = z.pipe(
  z.string().check(z.minLength(1), z.maxLength(64)),
  z.transform((zone, ctx) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'an IANA time zone such as Europe/Paris', input: zone });
      return z.NEVER;
    }
  }),
);

/** A local time of day, 'HH:MM' on a 24-hour clock. */
export const ZTimeOfDay = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day such as 09:00'));

/**
 * The daily stats report's preferences (docs/decisions/daily-report.md): the 'stats_report' alert switch, the
 * local time it is due and the zone that time is in. `timeZone` null: never chosen, the report runs on UTC.
 */
export const ZReportPreferences = z.object({
  statsReportAlerts: z.boolean(),
  reportTime: ZTimeOfDay,
  timeZone: z.nullable(z.string()),
  updatedAt: z.nullable(z.iso.datetime()),
});
export type TReportPreferences = z.infer<typeof ZReportPreferences>;

export const ZUpdateReportPreferencesBody = z
  .partial(z.strictObject({ statsReportAlerts: z.boolean(), reportTime: ZTimeOfDay, timeZone: ZTimeZone }))
  .check(
    z.refine((body) => Object.keys(body).length > 0, { message: 'Send at least one preference to change.' }),
  );
export type TUpdateReportPreferencesBody = z.infer<typeof ZUpdateReportPreferencesBody>;
