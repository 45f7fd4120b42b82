export type Cell = string | number | undefined

/** A plain-text table, numbers right-aligned, that also reads well pasted into Markdown. */
export function formatTable(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => headers.map((_, i) => cellText(row[i])))
  const widths = headers.map((header, i) => Math.max(header.length, ...text.map((row) => row[i].length)))
  const numeric = headers.map((_, i) => rows.every((row) => row[i] === undefined || typeof row[i] === "number" || /^[\d.]+×$/.test(String(row[i]))))
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(" | ")} |`
  const rule = `|${widths.map((width, i) => (numeric[i] ? `${"-".repeat(width + 1)}:` : "-".repeat(width + 2))).join("|")}|`
  return [line(headers), rule, ...text.map(line)].join("\n")
}

function cellText(cell: Cell): string {
  if (cell === undefined) return "—"
  if (typeof cell === "number") return Number.isFinite(cell) ? formatNumber(cell) : "—"
  return cell
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value) || Math.abs(value) >= 100) return value.toFixed(0)
  if (Math.abs(value) >= 10) return value.toFixed(1)
  return value.toFixed(2)
}
