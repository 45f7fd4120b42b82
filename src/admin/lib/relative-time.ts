import { localeOf } from "./locale"

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
]

/** "3 min ago", "hace 3 min": how long ago `iso` was, in the admin's language, to the minute. */
export function timeAgo(iso: string, language: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime()
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: "auto", style: "short" })
  const [unit, ms] = UNITS.find(([, size]) => elapsed >= size) ?? ["minute", 60_000]
  return format.format(-Math.floor(elapsed / ms), unit)
}
