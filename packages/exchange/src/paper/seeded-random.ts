/**
 * mulberry32: tiny, fast, and its whole state is one uint32, so a product's random stream persists as a number
 * and a restarted market continues the very same sequence.
 */
export type RandomStream = { state: number };

export const hashSeed = (text: string): number => {
  // FNV-1a: a stable string → uint32 so each product gets its own stream from one seed.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
};

export const nextUniform = (stream: RandomStream): number => {
  stream.state = (stream.state + 0x6d2b79f5) >>> 0;
  let t = stream.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Standard normal by Box–Muller; uses two uniforms every call so the stream position stays predictable. */
export const nextNormal = (stream: RandomStream): number => {
  const u1 = Math.max(nextUniform(stream), Number.MIN_VALUE);
  const u2 = nextUniform(stream);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
};
