import { qrModules } from "./matrix"

/** Readers want four light modules around the code. */
const QUIET_ZONE = 4

/**
 * A QR code of `text` as an SVG: one path of dark runs on a white square, crisp at any size,
 * so that a page or an admin can show it as it is and a phone can scan it from the screen.
 */
export function qrSvg(text: string): string {
  const modules = qrModules(text)
  const side = modules.length + 2 * QUIET_ZONE
  const runs = modules.flatMap((row, y) => darkRuns(row).map(([x, length]) => `M${x + QUIET_ZONE},${y + QUIET_ZONE}h${length}v1h-${length}z`))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${runs.join("")}" fill="#000"/></svg>`
  )
}

/** The same SVG as a `data:` URL, which an `<img src>` takes as it is. */
export function qrDataUrl(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(qrSvg(text)).toString("base64")}`
}

/** [start, length] of each run of dark modules in a row. */
function darkRuns(row: boolean[]): Array<[number, number]> {
  const runs: Array<[number, number]> = []
  row.forEach((dark, x) => {
    if (!dark) return
    const last = runs.at(-1)
    if (last && last[0] + last[1] === x) last[1]++
    else runs.push([x, 1])
  })
  return runs
}
