/** Minute, hour, day of month, month, day of week: the bounds of each cron field. */
const FIELDS = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
] as const

const MINUTE_MS = 60_000
/** Long enough to see every gap of a daily or weekly schedule. */
const HORIZON_MINUTES = 15 * 24 * 60

/**
 * The longest time between two runs of a five-field cron schedule (a six-field one's leading
 * seconds are ignored), found by walking the minutes of the next fifteen days; undefined for a
 * schedule this cannot read or one that runs less often.
 */
export function cronPeriodMs(schedule: string, from = new Date()): number | undefined {
  const parts = schedule.trim().split(/\s+/)
  const fields = (parts.length === 6 ? parts.slice(1) : parts).map((part, i) =>
    FIELDS[i] ? parseField(part, FIELDS[i][0], FIELDS[i][1]) : undefined,
  )
  if (fields.length !== 5 || fields.some((f) => !f)) return undefined
  const [minutes, hours, days, months, weekdays] = fields as Array<Set<number>>
  if (weekdays.has(7)) weekdays.add(0)
  const start = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS
  let previous: number | undefined
  let longest = 0
  for (let i = 0; i < HORIZON_MINUTES; i++) {
    const at = new Date(start + i * MINUTE_MS)
    const matches =
      minutes.has(at.getMinutes()) && hours.has(at.getHours()) && days.has(at.getDate()) && months.has(at.getMonth() + 1) && weekdays.has(at.getDay())
    if (!matches) continue
    if (previous !== undefined) longest = Math.max(longest, at.getTime() - previous)
    previous = at.getTime()
  }
  // Fewer than two runs in the horizon: the period is longer than it, too long to judge by.
  return longest || undefined
}

function parseField(text: string, min: number, max: number): Set<number> | undefined {
  const values = new Set<number>()
  for (const item of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item)
    if (!match) return undefined
    const from = match[1] === "*" ? min : Number(match[2])
    const to = match[1] === "*" ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from
    const step = match[4] ? Number(match[4]) : 1
    if (from < min || to > max || from > to || step < 1) return undefined
    for (let v = from; v <= to; v += step) values.add(v)
  }
  return values
}
