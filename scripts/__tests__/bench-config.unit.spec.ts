import { benchConfig } from "../bench/config"

describe("npm run bench's knobs", () => {
  it("measures the store as shipped (autoCapture on) unless told otherwise", () => {
    expect(benchConfig({}).autoCapture).toBe(true)
    expect(benchConfig({ BENCH_AUTO_CAPTURE: "false" }).autoCapture).toBe(false)
    expect(benchConfig({ BENCH_AUTO_CAPTURE: "true" }).autoCapture).toBe(true)
  })

  it("refuses a mode it cannot read rather than measuring the wrong store", () => {
    expect(() => benchConfig({ BENCH_AUTO_CAPTURE: "off" })).toThrow("BENCH_AUTO_CAPTURE must be true or false, not off")
  })
})
