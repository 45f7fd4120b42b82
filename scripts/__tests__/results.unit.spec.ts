import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { benchResultsMarkdown, type FigureOutcome } from "../bench/results"
import { chaosResultsMarkdown, recordedScenario } from "../chaos/results"
import { gitState, resultsStamp, writeResults, type RunRecord } from "../harness/results"

const RUN: RunRecord = {
  kind: "bench",
  command: "npm run bench",
  startedAt: new Date("2026-11-26T04:12:31.000Z"),
  seconds: 1834.4,
  load: [1.94, 2.46],
  cores: 2,
  commit: "608fdd4",
  dirty: false,
  passed: false,
}

const row = (figure: string, median: number, met: boolean | undefined) => ({
  figure,
  unit: "ms",
  measured: { n: 100, median, p99: median * 2 },
  target: met === undefined ? "reported" : "≤ 1.5×",
  met,
})

describe("results files", () => {
  let dir: string
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "bnpl-results-"))))
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("names a file by its minute, and never overwrites a run of the same minute", () => {
    expect(resultsStamp(RUN.startedAt)).toBe("2026-11-26T0412Z")
    const first = writeResults(dir, RUN, "bench", "# one", { n: 1 })
    const second = writeResults(dir, RUN, "bench", "# two", { n: 2 })
    expect([first, second].map((path) => path.slice(dir.length + 1))).toEqual(["2026-11-26T0412Z-bench.md", "2026-11-26T0412Z-bench-2.md"])
    expect(readdirSync(dir).sort()).toEqual([
      "2026-11-26T0412Z-bench-2.json",
      "2026-11-26T0412Z-bench-2.md",
      "2026-11-26T0412Z-bench.json",
      "2026-11-26T0412Z-bench.md",
    ])
    expect(readFileSync(second, "utf8")).toBe("# two\n")
    const json = JSON.parse(readFileSync(join(dir, "2026-11-26T0412Z-bench.json"), "utf8"))
    expect(json).toMatchObject({
      kind: "bench",
      commit: "608fdd4",
      dirty: false,
      startedAt: "2026-11-26T04:12:31.000Z",
      load: [1.94, 2.46],
      details: { n: 1 },
    })
  })

  it("a bench file carries the date, commit, load and each figure's verdict; a crashed figure has no number", () => {
    const outcomes: FigureOutcome[] = [
      { figure: "sessions", seconds: 9, rows: [row("Session creation: our overhead", 41.7, true), row("Session creation: total", 44.2, undefined)] },
      { figure: "webhooks", seconds: 77, rows: [row("Webhook → order", 2669, false)] },
      { figure: "storm", seconds: 3, error: "Medusa answered 502 to POST /hooks/bnpl\n    at stack" },
    ]
    const markdown = benchResultsMarkdown(RUN, outcomes)
    expect(markdown).toContain("# npm run bench: FAILED")
    expect(markdown).toContain("- date: 2026-11-26 04:12 UTC")
    expect(markdown).toContain("- code: commit `608fdd4`\n")
    expect(markdown).toContain("- machine: 2 cores, load 1.9 → 2.5")
    expect(markdown).toContain("| sessions | passed | 9 s |")
    expect(markdown).toContain("| webhooks | FAILED: target missed (Webhook → order) | 77 s |")
    expect(markdown).toContain("| storm | FAILED: crashed (Medusa answered 502 to POST /hooks/bnpl) | 3 s |")
    expect(markdown).toContain("## sessions")
    expect(markdown).toMatch(/Session creation: our overhead.*41\.7.*yes/)
    expect(markdown).not.toContain("## storm")
    expect(markdown).not.toContain("at stack")
  })

  it("a chaos file shows a passed scenario's figures, and a failed one's broken invariants without its figures", () => {
    const scenarios = [
      recordedScenario({ name: "faults", seconds: 51, figures: { orders: 196, deliveries: { "200": 136 } }, failures: [] }),
      recordedScenario({ name: "restart", seconds: 30, figures: { orders: 99 }, failures: ["cart c1 has 2 orders", "crashed: Error: x\n  at y"] }),
    ]
    const markdown = chaosResultsMarkdown({ ...RUN, kind: "chaos", command: "npm run test:chaos", dirty: true }, scenarios)
    expect(markdown).toContain("# npm run test:chaos: FAILED")
    expect(markdown).toContain("- code: commit `608fdd4`, with uncommitted changes")
    expect(markdown).toContain("| faults | passed | 51 s |")
    expect(markdown).toContain("| restart | FAILED (2 broken) | 30 s |")
    expect(markdown).toContain('## faults: passed\n\n- orders: 196\n- deliveries: {"200":136}')
    expect(markdown).toContain("## restart: FAILED\n\n- cart c1 has 2 orders\n- crashed: Error: x\n")
    expect(markdown).not.toContain("orders: 99")
    expect(scenarios[1]).not.toHaveProperty("figures")
  })

  it("reads the commit of the checkout it runs in", () => {
    expect(gitState(resolve(__dirname, "../..")).commit).toMatch(/^[0-9a-f]{7,}$/)
    expect(gitState(dir)).toEqual({ commit: "unknown", dirty: false })
  })
})
