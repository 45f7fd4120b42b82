import type { DemoConfig } from "../shell"

/** The configuration the server put in the page (`shell.ts`). */
export function readConfig(): DemoConfig {
  const text = document.getElementById("demo-config")?.textContent ?? "{}"
  const parsed = JSON.parse(text) as Partial<DemoConfig>
  return { publishableKey: typeof parsed.publishableKey === "string" ? parsed.publishableKey : null }
}
