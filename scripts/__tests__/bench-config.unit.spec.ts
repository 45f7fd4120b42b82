import { benchConfig } from "../bench/config"
import { resultsName } from "../bench/results-name"

describe("npm run bench's knobs", () => {
  it("measures the store as shipped (autoCapture on) unless told otherwise", () => {
    expect(benchConfig({}).autoCapture).toBe(true)
    expect(benchConfig({ BENCH_AUTO_CAPTURE: "false" }).autoCapture).toBe(false)
    expect(benchConfig({ BENCH_AUTO_CAPTURE: "true" }).autoCapture).toBe(true)
  })

  it("refuses a mode it cannot read rather than measuring the wrong store", () => {
    expect(() => benchConfig({ BENCH_AUTO_CAPTURE: "off" })).toThrow("BENCH_AUTO_CAPTURE must be true or false, not off")
  })

  it("measures the store without OpenTelemetry unless told on, or both to compare", () => {
    expect(benchConfig({}).otel).toBe("off")
    expect(benchConfig({ BENCH_OTEL: "both" }).otel).toBe("both")
    expect(() => benchConfig({ BENCH_OTEL: "yes" })).toThrow("BENCH_OTEL must be one of off, on, both, not yes")
  })

  it("runs the sale-day figures and the two for continuity by default; the long ones only when named", () => {
    expect([...benchConfig({}).only].sort()).toEqual(["backlog", "load", "sessions", "sql", "topology", "webhooks"])
    expect([...benchConfig({ BENCH_ONLY: "reconcile" }).only]).toEqual(["reconcile"])
    expect(resultsName(benchConfig({ BENCH_ONLY: "sessions,webhooks,load,sql,topology,backlog,storm" })).name).toBe(
      "bench-sessions+webhooks+load+sql+topology+backlog+storm",
    )
  })

  it("names a results file, and the command it records, after every mode that is not the shipped store's", () => {
    expect(resultsName(benchConfig({}))).toEqual({ name: "bench", command: "npm run bench" })
    expect(resultsName(benchConfig({ BENCH_ONLY: "sessions,webhooks", BENCH_OTEL: "both" }))).toEqual({
      name: "bench-sessions+webhooks-otel-on-vs-off",
      command: "BENCH_ONLY=sessions,webhooks BENCH_OTEL=both npm run bench",
    })
    expect(resultsName(benchConfig({ BENCH_AUTO_CAPTURE: "false", BENCH_OTEL: "on" })).name).toBe("bench-without-autocapture-otel-on")
  })
})
