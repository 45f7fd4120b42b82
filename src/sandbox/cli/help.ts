import { CONTROL_COMMANDS } from "./commands"

export function helpText(): string {
  const commands = Object.values(CONTROL_COMMANDS).map((command) => `  ${command.usage.padEnd(26)}${command.summary}`)
  return [
    "Sandbox of the financing service: a local stand-in for development and tests.",
    "",
    "Usage: npm run sandbox -- <command> [options]",
    "",
    "Start it:",
    "  serve [--port 4010] [--persist .data/sandbox.json] [--webhook-auth none|basic|bearer|jwt] [--webhook-token X]",
    "                            env fallbacks: SANDBOX_PORT, BNPL_WEBHOOK_AUTH, BNPL_WEBHOOK_TOKEN",
    "",
    "Talk to a running one (--url, else BNPL_SANDBOX_URL, else http://localhost:4010):",
    ...commands,
    "  help                      this text",
  ].join("\n")
}
