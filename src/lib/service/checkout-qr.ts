import qrcode from "qrcode-generator"

/** Image types every browser shows in an `<img src>`. */
const SHOWN = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/

/** The first bytes of each image type, for a QR the service answers as bare base64. */
const MAGIC: Array<[string, Buffer]> = [
  ["image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ["image/jpeg", Buffer.from([0xff, 0xd8, 0xff])],
  ["image/gif", Buffer.from("GIF8")],
]

/**
 * The service's QR as an image a browser shows, or undefined. The in-store API documents a QR in
 * the answer of a `q` sale but no format for it, so only what is recognisably an image is kept:
 * a `data:image/…` URL, or base64 of a PNG, JPEG, GIF or SVG.
 */
export function shownQr(answer: string | undefined): string | undefined {
  const text = answer?.trim()
  if (!text) return undefined
  if (SHOWN.test(text)) return text
  if (!/^[A-Za-z0-9+/=\s]+$/.test(text)) return undefined
  const bytes = Buffer.from(text, "base64")
  const type = MAGIC.find(([, magic]) => bytes.subarray(0, magic.length).equals(magic))?.[0]
  if (type) return `data:${type};base64,${text.replace(/\s/g, "")}`
  return /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(bytes.toString("utf8")) ? `data:image/svg+xml;base64,${text.replace(/\s/g, "")}` : undefined
}

/** Light modules around the code, as readers need. */
const MARGIN = 4

/**
 * A QR code of the checkout link, drawn here: an SVG `data:` URL, one path of the dark
 * modules' horizontal runs, so that it stays small and crisp at any size.
 */
export function drawnQr(link: string): string {
  const code = qrcode(0, "M")
  code.addData(link)
  code.make()
  const count = code.getModuleCount()
  let path = ""
  for (let y = 0; y < count; y++) {
    for (let x = 0; x < count; x++) {
      if (!code.isDark(y, x) || (x > 0 && code.isDark(y, x - 1))) continue
      let end = x
      while (end < count && code.isDark(y, end)) end++
      path += `M${x + MARGIN} ${y + MARGIN}h${end - x}v1h${x - end}z`
    }
  }
  const side = count + 2 * MARGIN
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}

/** What the admin scans: the service's QR when a browser can show it, else one drawn from the link. */
export function checkoutQr(serviceQr: string | undefined, link: string | undefined): string | null {
  return shownQr(serviceQr) ?? (link ? drawnQr(link) : null)
}
