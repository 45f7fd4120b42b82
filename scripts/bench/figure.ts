import type { Distribution } from "../harness/stats"
import { formatTable, type Cell } from "../harness/table"

/**
 * One line of the bench's table: a measured distribution, its baseline's, the ratio the
 * figure's target is stated in, and whether the target was met. `details` carries the
 * raw counts into the JSON report.
 */
export interface FigureRow {
  figure: string
  unit: string
  measured: Pick<Distribution, "n" | "median" | "p99">
  baseline?: Pick<Distribution, "n" | "median" | "p99"> & { label: string }
  /** The number the target is about (e.g. overhead / baseline median, or throughput ratio). */
  ratio?: number
  ratioMeaning?: string
  target: string
  /** Undefined for figures that are reported, not judged. */
  met?: boolean
  details?: Record<string, unknown>
}

const HEADERS = ["Figure", "Unit", "N", "Median", "p99", "Baseline", "Base median", "Base p99", "Ratio", "Target", "Met"]

export function figureTable(rows: FigureRow[]): string {
  const cells: Cell[][] = rows.map((row) => [
    row.figure,
    row.unit,
    row.measured.n,
    row.measured.median,
    row.measured.p99,
    row.baseline?.label,
    row.baseline?.median,
    row.baseline?.p99,
    row.ratio === undefined ? undefined : `${row.ratio.toFixed(2)}×`,
    row.target,
    row.met === undefined ? "—" : row.met ? "yes" : "NO",
  ])
  return formatTable(HEADERS, cells)
}

/** A single value shown as a distribution of one, for figures measured once per run. */
export const single = (value: number): Pick<Distribution, "n" | "median" | "p99"> => ({ n: 1, median: value, p99: value })
