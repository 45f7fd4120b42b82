import { crc32, deflateSync } from "node:zlib"
import { qrModules } from "./matrix"

/** Readers want four light modules around the code. */
const QUIET_ZONE = 4
/** Pixels per module: small enough for an answer, large enough for a camera. */
const SCALE = 4

/**
 * A QR code of `text` as a greyscale PNG, base64 without a `data:` prefix: one of the shapes a
 * service answers images in, for a client that must show whatever it gets (docs/sandbox.md).
 */
export function qrPngBase64(text: string): string {
  const modules = qrModules(text)
  const side = (modules.length + 2 * QUIET_ZONE) * SCALE
  const dark = (x: number, y: number): boolean => !!modules[Math.floor(y / SCALE) - QUIET_ZONE]?.[Math.floor(x / SCALE) - QUIET_ZONE]
  const rows = Array.from({ length: side }, (_, y) => Buffer.from([0, ...Array.from({ length: side }, (_, x) => (dark(x, y) ? 0 : 255))]))
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ])
  return png.toString("base64")
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}
