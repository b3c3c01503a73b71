/** A duration for people: minutes under an hour, hours under two days, days beyond. */
export function durationParts(ms: number): { unit: 'minutes' | 'hours' | 'days'; value: number } {
  if (ms < 3_600_000) {
    return { unit: 'minutes', value: Math.round(ms / 60_000) };
  }
  if (ms < 48 * 3_600_000) {
    return { unit: 'hours', value: Math.round((ms / 3_600_000) * 10) / 10 };
  }
  return { unit: 'days', value: Math.round((ms / 86_400_000) * 10) / 10 };
}

/** Good ratings as a share of all ratings, in whole percent; null without ratings. */
export function goodShare(good: number, bad: number): number | null {
  return good + bad === 0 ? null : Math.round((good / (good + bad)) * 100);
}
