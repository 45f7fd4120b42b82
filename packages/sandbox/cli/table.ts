export type Cell = string | number | boolean | null | undefined

/** A plain-text table, columns padded to their widest cell, as the Stripe CLI prints lists. */
export function formatTable(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map(cellText))
  const widths = headers.map((header, column) => Math.max(header.length, ...text.map((row) => row[column]?.length ?? 0)))
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd()
  return [line(headers), line(widths.map((width) => "-".repeat(width))), ...text.map(line)].join("\n")
}

function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return "-"
  if (typeof cell === "boolean") return cell ? "yes" : "no"
  return String(cell)
}

/** "2025-11-21T10:04:05.123Z" -> "2025-11-21 10:04:05": enough to read, short enough to fit. */
export function shortTime(iso: string | null | undefined): string {
  return iso ? iso.replace("T", " ").slice(0, 19) : "-"
}
