/**
 * A schedule (the reconciliation's, the pruning's) that never fires while a run (a test file, a
 * bench, a chaos scenario) lasts, so that a scheduled job cannot take loans a script is about to
 * reconcile itself, delete rows a test is about to prune, or skew what is measured. Once a day, twelve hours from now. (Not "once a year":
 * Medusa's in-process scheduler then overflows setTimeout's 2^31 ms, and the job fires every
 * millisecond.)
 */
export function notDuringThisRun(now = new Date()): string {
  return `${now.getMinutes()} ${(now.getHours() + 12) % 24} * * *`
}
