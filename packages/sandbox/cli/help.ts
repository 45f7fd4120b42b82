import { CONTROL_COMMANDS } from "./commands"

export function helpText(program: string): string {
  const width = Math.max(26, ...Object.values(CONTROL_COMMANDS).map((command) => command.usage.length + 2))
  const commands = Object.values(CONTROL_COMMANDS).map((command) => `  ${command.usage.padEnd(width)}${command.summary}`)
  return [
    "Sandbox of the financing service: a local stand-in for development and tests.",
    "",
    `Usage: ${program} <command> [options]`,
    "",
    "Start it:",
    "  serve [--port 4010] [--persist .data/sandbox.json] [--webhook-auth none|basic|bearer|jwt] [--webhook-token X]",
    "        [--webhook-url http://localhost:9000/hooks/bnpl] [--public-url http://sandbox.example:4010]",
    "                            --webhook-url sends every webhook there instead of the loan's webHookUrl;",
    "                            --public-url is where checkout links point (default: the local URL)",
    "                            env fallbacks: SANDBOX_PORT, BNPL_WEBHOOK_AUTH, BNPL_WEBHOOK_TOKEN,",
    "                            SANDBOX_WEBHOOK_URL, SANDBOX_PUBLIC_URL",
    "",
    "Talk to a running one (--url, else BNPL_SANDBOX_URL, else http://localhost:4010):",
    ...commands,
    `  ${"help".padEnd(width)}this text`,
  ].join("\n")
}
