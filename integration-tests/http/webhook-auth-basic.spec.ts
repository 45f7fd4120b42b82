import { inspect } from "node:util"
import { logger } from "@medusajs/framework/logger"
import { MERCHANT, WEBHOOK_TOKEN } from "../helpers/environment"
import { webhookAuthSuite } from "../helpers/webhook-auth-suite"
import { findLeaks } from "../../scripts/chaos/secrets"

jest.setTimeout(90_000)

/**
 * Everything this file's Medusa logs, from boot to shutdown, whatever LOG_LEVEL lets through:
 * every call to Medusa's logger, to the console, and every write to stdout and stderr.
 * Registered before the suite, so its hooks run before Medusa boots.
 */
const logged: string[] = []
const LOGGER_METHODS = [
  "panic",
  "activity",
  "progress",
  "error",
  "failure",
  "success",
  "silly",
  "debug",
  "verbose",
  "http",
  "info",
  "warn",
  "log",
] as const
const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug"] as const
const asText = (args: unknown[]) => args.map((arg) => (typeof arg === "string" ? arg : inspect(arg, { depth: 6 }))).join(" ")

beforeAll(() => {
  for (const method of LOGGER_METHODS) {
    const original = logger[method].bind(logger) as (...args: unknown[]) => unknown
    jest.spyOn(logger, method).mockImplementation(((...args: unknown[]) => {
      logged.push(asText(args))
      return original(...args)
    }) as never)
  }
  for (const method of CONSOLE_METHODS) {
    const original = console[method].bind(console)
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(asText(args))
      original(...args)
    })
  }
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream) as (...args: unknown[]) => boolean
    jest.spyOn(stream, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      logged.push(String(chunk))
      return original(chunk, ...rest)
    }) as never)
  }
})

// process.stdout and console outlive this file when jest runs files in one process.
afterAll(() => jest.restoreAllMocks())

webhookAuthSuite("basic")

describe("the log of a Basic-mode run", () => {
  const SECRETS = { "API token": MERCHANT.apiToken, "webhook token": WEBHOOK_TOKEN }

  it("holds neither token, plain or in base64, though Basic credentials were checked", () => {
    const text = logged.join("\n")
    // The route logged its verdict on the wrong Basic credentials: the scan saw the webhook's lines.
    expect(text).toContain("[bnpl] webhook rejected: wrong Basic credentials")
    expect(findLeaks("medusa", text, SECRETS)).toEqual([])
  })

  it("the scan finds a token planted in each form a log line could carry it", () => {
    const basic = (credential: string) => Buffer.from(credential).toString("base64")
    const lines = [
      "nothing to see",
      `header Authorization: Basic ${basic(WEBHOOK_TOKEN)}`,
      `header Authorization: Basic ${basic(`shop:${WEBHOOK_TOKEN}`)}`,
      `header Authorization: Basic ${basic(`merchant-1:${WEBHOOK_TOKEN}`)}`,
      `jwt payload ${Buffer.from(JSON.stringify({ key: MERCHANT.apiToken })).toString("base64url")}`,
      `body {"apiToken":"${MERCHANT.apiToken}"}`,
    ]
    expect(findLeaks("planted", lines.join("\n"), SECRETS)).toEqual([
      "planted:2 holds the webhook token (base64)",
      "planted:3 holds the webhook token (base64)",
      "planted:4 holds the webhook token (base64)",
      "planted:5 holds the API token (base64)",
      "planted:6 holds the API token (plain)",
    ])
    // A Basic credential's password is a secret on its own, plain or encoded.
    const credential = { "webhook token": "shop:pa55word-0123456789" }
    expect(findLeaks("planted", `pa55word-0123456789\n${basic("pa55word-0123456789")}\n${basic("shop:x")}`, credential)).toEqual([
      "planted:1 holds the webhook token (plain)",
      "planted:2 holds the webhook token (base64)",
    ])
  })
})
