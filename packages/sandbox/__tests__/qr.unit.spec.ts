import { createHash } from "node:crypto"
import { qrModules } from "../qr/matrix"
import { qrDataUrl, qrSvg } from "../qr/svg"

const rows = (modules: boolean[][]): string => modules.map((row) => row.map((dark) => (dark ? "#" : ".")).join("")).join("\n")
const digest = (text: string): string =>
  createHash("sha256")
    .update(rows(qrModules(text)))
    .digest("hex")

/**
 * The codes are those an independent encoder draws for the same text (byte mode, level M) with
 * the mask chosen here: the fixtures below are its output.
 */
describe("QR codes of checkout links", () => {
  it("draws a version 1 code module for module", () => {
    expect(rows(qrModules("cart_01"))).toBe(
      [
        "#######.#.....#######",
        "#.....#.#####.#.....#",
        "#.###.#...###.#.###.#",
        "#.###.#.###.#.#.###.#",
        "#.###.#..#.#..#.###.#",
        "#.....#...###.#.....#",
        "#######.#.#.#.#######",
        "........#..##........",
        "#.##.###...##.#..#.##",
        "....##...#######..#.#",
        "...##.#....#.......##",
        "..###......#..####..#",
        ".##.###.#.#.#..#.#...",
        "........####..####...",
        "#######.#.###...#.#..",
        "#.....#.#.#....#.####",
        "#.###.#..#..###...###",
        "#.###.#.#.##..##.#.#.",
        "#.###.#.#...#.##..#..",
        "#.....#..#...#.##...#",
        "#######.#....#.#.#...",
      ].join("\n"),
    )
  })

  it("draws a checkout link as version 5, with alignment patterns, and a longer text as version 8, with its version bits", () => {
    const link = "http://localhost:4010/checkout/5001?token=0123456789abcdef0123456789abcdef"
    expect(qrModules(link)).toHaveLength(37)
    expect(digest(link)).toBe("c3cdfc46c091435c67abaababe604de0feb4bd6fa6222ea52ed38c9490c4ba7c")
    expect(qrModules("x".repeat(150))).toHaveLength(49)
    expect(digest("x".repeat(150))).toBe("bbe6b068fd583d2359738a7e75c73a2efa11a760bed329f4d8b9792ad940d357")
  })

  it("grows with the text, and refuses one no code can hold", () => {
    expect(qrModules("a".repeat(2331))).toHaveLength(177)
    expect(() => qrModules("a".repeat(2332))).toThrow(/at most 2331 bytes; this text has 2332/)
  })

  it("is an SVG with a quiet zone of four modules, also as a data URL", () => {
    const svg = qrSvg("cart_01")
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">/)
    // The top-left finder's first row: seven dark modules from (4, 4).
    expect(svg).toContain('<path d="M4,4h7v1h-7z')
    expect(Buffer.from(qrDataUrl("cart_01").replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString("utf8")).toBe(svg)
  })
})
