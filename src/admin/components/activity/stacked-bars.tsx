import { Text } from "@medusajs/ui"

export interface Series {
  key: string
  label: string
  values: number[]
}

/** Colours by position: the series of one chart stay apart whatever their names. */
const PALETTE = ["#3b82f6", "#10b981", "#f59e0b", "#ef4444", "#8b5cf6", "#06b6d4", "#84cc16", "#ec4899", "#64748b", "#a16207"]
const HEIGHT = 120
const BAR_GAP = 2

/**
 * Bars per day, each stacked by series, in plain SVG: the admin ships no chart library, and a
 * day's total and its parts are all these charts need. A bar's title names its day and parts.
 */
export function StackedBars({ days, series, testId, empty }: { days: string[]; series: Series[]; testId: string; empty: string }) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0))
  const top = Math.max(1, ...totals)
  const width = days.length * 12
  const barWidth = 12 - BAR_GAP
  return (
    <div className="flex flex-col gap-y-2" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-24 w-full" role="img">
        {days.map((day, i) => {
          let y = HEIGHT
          const parts = series.filter((s) => s.values[i]).map((s) => `${s.label}: ${s.values[i]}`)
          return (
            <g key={day} data-day={day} data-total={totals[i]} {...Object.fromEntries(series.map((s) => [`data-${s.key}`, s.values[i] ?? 0]))}>
              <title>{`${day}${parts.length ? ` · ${parts.join(", ")}` : ""}`}</title>
              <rect x={i * 12} y={0} width={barWidth} height={HEIGHT} fill="transparent" />
              {series.map((s, k) => {
                const h = ((s.values[i] ?? 0) / top) * HEIGHT
                y -= h
                return h > 0 ? <rect key={s.key} x={i * 12} y={y} width={barWidth} height={h} fill={PALETTE[k % PALETTE.length]} /> : null
              })}
            </g>
          )
        })}
        <line
          x1={0}
          y1={HEIGHT}
          x2={width}
          y2={HEIGHT}
          stroke="currentColor"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
          className="text-ui-border-base"
        />
      </svg>
      {totals.every((total) => total === 0) && (
        <Text size="xsmall" className="text-ui-fg-muted">
          {empty}
        </Text>
      )}
      <div className="flex justify-between">
        <Text size="xsmall" className="text-ui-fg-muted">
          {days[0]}
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted">
          {days[days.length - 1]}
        </Text>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {series.map((s, k) => (
          <span key={s.key} className="flex items-center gap-x-1">
            <span className="inline-block h-2 w-2 rounded-sm" style={{ background: PALETTE[k % PALETTE.length] }} />
            <Text size="xsmall" className="text-ui-fg-subtle">{`${s.label} (${s.values.reduce((a, b) => a + b, 0)})`}</Text>
          </span>
        ))}
      </div>
    </div>
  )
}
