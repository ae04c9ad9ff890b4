import type { TEpicInputs } from '@cdca/contracts';

/** Base sequence s(k), k = 1..n (docs/decisions/epic-maths.md). */
const baseSequence = (scaling: TEpicInputs['scaling'], n: number): number[] => {
  const sequence: number[] = [];
  for (let k = 1; k <= n; k++) {
    if (scaling === 'quadratic') sequence.push(k * k);
    else if (scaling === 'exponential') sequence.push(2 ** (k - 1));
    // Fibonacci as DESIGN writes it: 1, 2, 3, 5, 8 … (no repeated 1, so no two levels weigh the same).
    else sequence.push(k <= 2 ? k : (sequence[k - 2] ?? 0) + (sequence[k - 3] ?? 0));
  }
  return sequence;
};

/**
 * Level weights w_1..w_n. back: s(i) (the deepest level is heaviest); front: s(n+1−i) (level 1 heaviest);
 * hedge: s(i) + s(n+1−i) (both ends heavy). Whole numbers below 2^25, so plain numbers are exact.
 */
export const levelWeights = (
  scaling: TEpicInputs['scaling'],
  load: TEpicInputs['load'],
  n: number,
): number[] => {
  const s = baseSequence(scaling, n);
  const at = (k: number) => s[k - 1] ?? 0;
  return s.map((_, index) => {
    const i = index + 1;
    if (load === 'back') return at(i);
    if (load === 'front') return at(n + 1 - i);
    return at(i) + at(n + 1 - i);
  });
};
