import { z } from 'zod/mini';

/** Settings are looked up by account id (docs/product.md §3). */
export const ZSettings = z.object({
  id: z.uuid(),
  epicClosedAlerts: z.boolean(),
  epicHitAlerts: z.boolean(),
  topMoverAlerts: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZUpdateSettingsBody = z
  .partial(
    z.strictObject({
      epicClosedAlerts: z.boolean(),
      epicHitAlerts: z.boolean(),
      topMoverAlerts: z.boolean(),
    }),
  )
  .check(
    z.refine((body) => Object.keys(body).length > 0, { message: 'Send at least one setting to change.' }),
  );
export type TUpdateSettingsBody = z.infer<typeof ZUpdateSettingsBody>;

export const ZSettingsParams = z.strictObject({ id: z.uuid() });
