/** Spec section 9: the average of scores, or null when there are none. */
export function averageScore(scores: readonly number[]): number | null {
  return scores.length === 0 ? null : scores.reduce((sum, s) => sum + s, 0) / scores.length;
}

/** Five stars in half steps (spec section 9): an average shown as the nearest half star. */
export const halfStars = (average: number) => Math.round(average * 2) / 2;
