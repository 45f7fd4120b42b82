import { type BenchConfig, DEFAULT_FIGURES } from "./config"

/**
 * What a results file is called and the command it says ran, from the knobs that change what it
 * measures: bench[-<figure>+…][-without-autocapture][-otel-on|-otel-on-vs-off]. A file's name is
 * all a reader of bench/results/ sees first, so every mode that is not the shipped store's is in it.
 */
export function resultsName(config: Pick<BenchConfig, "only" | "autoCapture" | "otel">): { name: string; command: string } {
  const shipped = config.only.size === DEFAULT_FIGURES.length && DEFAULT_FIGURES.every((figure) => config.only.has(figure))
  const some = shipped ? [] : [...config.only]
  const knobs = [
    ...(some.length ? [`BENCH_ONLY=${some.join(",")}`] : []),
    ...(config.autoCapture ? [] : ["BENCH_AUTO_CAPTURE=false"]),
    ...(config.otel === "off" ? [] : [`BENCH_OTEL=${config.otel}`]),
  ]
  const otel = { off: [], on: ["otel-on"], both: ["otel-on-vs-off"] }[config.otel]
  return {
    name: [some.length ? `bench-${some.join("+")}` : "bench", ...(config.autoCapture ? [] : ["without-autocapture"]), ...otel].join("-"),
    command: [...knobs, "npm run bench"].join(" "),
  }
}
