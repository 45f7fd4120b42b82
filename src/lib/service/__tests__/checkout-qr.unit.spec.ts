import { inflateSync } from "node:zlib"
import jsQR from "jsqr"
import { qrPngBase64 } from "../../../../packages/sandbox/qr/png"
import { qrDataUrl } from "../../../../packages/sandbox/qr/svg"
import { checkoutQr, drawnQr, shownQr } from "../checkout-qr"

const LINK = "http://localhost:4010/checkout/700001?t=Zm9vYmFy"

/** Light and dark pixels, 4 per module, as a camera would see the screen. */
function scan(width: number, dark: (x: number, y: number) => boolean): string | undefined {
  const pixels = new Uint8ClampedArray(width * width * 4)
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) pixels.fill(dark(x, y) ? 0 : 255, (y * width + x) * 4, (y * width + x) * 4 + 3)
  }
  for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255
  return jsQR(pixels, width, width)?.data
}

/** Scans an SVG of `M{x} {y}h{n}v1h-{n}z` or `M{x},{y}h{n}v1h-{n}z` runs, the shape both drawers write. */
function scanSvg(dataUrl: string): string | undefined {
  const svg = Buffer.from(dataUrl.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString("utf8")
  const side = Number(/viewBox="0 0 (\d+) /.exec(svg)![1])
  const dark = new Set<string>()
  for (const [, x, y, n] of svg.matchAll(/M(\d+)[ ,](\d+)h(\d+)/g)) {
    for (let i = 0; i < Number(n); i++) dark.add(`${Number(x) + i},${y}`)
  }
  const scale = 4
  return scan(side * scale, (x, y) => dark.has(`${Math.floor(x / scale)},${Math.floor(y / scale)}`))
}

/** Scans the sandbox's greyscale PNG (8-bit, filter 0 on every row). */
function scanPng(base64: string): string | undefined {
  const png = Buffer.from(base64, "base64")
  const side = png.readUInt32BE(16)
  const idat = png.subarray(png.indexOf("IDAT") + 4, png.indexOf("IEND") - 8)
  const raw = inflateSync(idat)
  return scan(side, (x, y) => raw[y * (side + 1) + 1 + x] === 0)
}

describe("the QR of a sale by phone", () => {
  it("is drawn from the checkout link when the service gives no image: a phone scans the link", () => {
    const drawn = drawnQr(LINK)
    expect(drawn).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(scanSvg(drawn)).toBe(LINK)
    expect(checkoutQr(undefined, LINK)).toBe(drawn)
    expect(checkoutQr(LINK, LINK)).toBe(drawn)
    expect(checkoutQr("not an image at all", LINK)).toBe(drawn)
  })

  it("shows the service's own image when a browser can show it: a data URL, or bare base64 of a PNG or an SVG", () => {
    const svg = qrDataUrl(LINK)
    expect(shownQr(svg)).toBe(svg)
    const png = qrPngBase64(LINK)
    expect(scanPng(png)).toBe(LINK)
    expect(shownQr(png)).toBe(`data:image/png;base64,${png}`)
    const bareSvg = svg.replace("data:image/svg+xml;base64,", "")
    expect(shownQr(bareSvg)).toBe(svg)
    expect(checkoutQr(png, LINK)).toBe(`data:image/png;base64,${png}`)
  })

  it("is nothing when there is neither an image nor a link", () => {
    expect(checkoutQr(undefined, undefined)).toBeNull()
    expect(checkoutQr("aGVsbG8=", undefined)).toBeNull()
    expect(shownQr("javascript:alert(1)")).toBeUndefined()
  })
})
