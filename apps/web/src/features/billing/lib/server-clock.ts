/**
 * How far the server's billing clock runs ahead of this device's (negative when behind), from an answer's `now`
 * and the moment it arrived. Due dates and charge expiries are the server's: judged by the device clock alone, a
 * device set wrong (or, outside production, a billing clock moved by the billing controls) shows the wrong
 * past-due title or keeps offering an expired charge. The answer's travel time is the only error left.
 */
export const serverClockOffset = (serverNow: string | undefined, receivedAt: number): number => {
  if (!serverNow || receivedAt <= 0) return 0;
  const at = Date.parse(serverNow);
  return Number.isNaN(at) ? 0 : at - receivedAt;
};
