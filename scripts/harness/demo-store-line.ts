import type { DemoStore } from "../../src/scripts/demo-data"

/** The line src/scripts/seed.ts prints for whoever ran it: this prefix, then the store as JSON. */
const PREFIX = "BNPL_DEMO_STORE "

/** The demo store a seed output line reports, or undefined for any other line. */
export function demoStoreIn(line: string): DemoStore | undefined {
  const at = line.indexOf(PREFIX)
  return at < 0 ? undefined : (JSON.parse(line.slice(at + PREFIX.length)) as DemoStore)
}
