/**
 * A reconciliation schedule that never fires while a run (a test file, a bench, a chaos
 * scenario) lasts, so that the scheduled job cannot take loans a script is about to reconcile
 * itself, or skew what is measured. Once a day, twelve hours from now. (Not "once a year":
 * Medusa's in-process scheduler then overflows setTimeout's 2^31 ms, and the job fires every
 * millisecond.)
 */
export function notDuringThisRun(now = new Date()): string {
  return `${now.getMinutes()} ${(now.getHours() + 12) % 24} * * *`
}
