#!/usr/bin/env node
/**
 * `npx bnpl-sandbox <command>` from the installed package, `npm run sandbox -- <command>` in
 * this repository: start the sandbox, or drive a running one the way the
 * Stripe CLI drives Stripe (pay a loan, resend a webhook, inject faults). `help` lists all.
 */
import { runCli } from "./cli/run"

async function main(): Promise<void> {
  // Run from TypeScript source only in this repository; the built file is the package's bin.
  const program = process.argv[1]?.endsWith(".ts") ? "npm run sandbox --" : "npx bnpl-sandbox"
  const io = { out: (text: string) => console.log(text), err: (text: string) => console.error(text), env: process.env, program }
  const { exitCode, sandbox } = await runCli(process.argv.slice(2), io)
  if (!sandbox) {
    process.exitCode = exitCode
    return
  }
  let stopping = false
  const stop = (signal: string): void => {
    // A second Ctrl+C means "now": do not wait for a clean close.
    if (stopping) process.exit(1)
    stopping = true
    io.out(`\n${signal}: stopping the sandbox…`)
    void sandbox.close().then(() => io.out("Sandbox stopped."))
  }
  process.on("SIGINT", () => stop("SIGINT"))
  process.on("SIGTERM", () => stop("SIGTERM"))
}

void main()
