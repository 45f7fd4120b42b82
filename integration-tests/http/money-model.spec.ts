import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandbox } from "../helpers/environment"
import { ADMIN, useStorefront } from "../helpers/store"
import { formatFailure, runMoneyModel } from "../model/run"
import type { Sql } from "../model/system"
import { httpCalls } from "../model/system"

/**
 * The ledger issue's randomized model test, quick size: random sequences of sessions, cart
 * changes, payments (webhook delivered, duplicated, dropped, late), completions, cancels,
 * captures, refunds whose reply is lost, refunds in the service's portal, reconciliation
 * (with the service failing or slow), *Refund in full*, *Retry completion*, time passing, and
 * two of these racing on one cart; then the rule for money (integration-tests/model).
 * `npm run test:chaos` runs the full size. Replay a failure with the FC_SEED and FC_PATH it
 * prints (`FC_SHRINK=1` to shrink it); `FC_RUNS` changes the number of sequences.
 */
jest.setTimeout(60 * 60_000)

// No grace period: reconciliation sees every loan a sequence made. The refund-check interval
// stays at its default (6 h), as in `npm run test:chaos`: with 0, every reconciliation would
// re-check every ordered loan of every sequence so far. "Time passes" makes a sequence's own
// checks due. Paid loans that no order can hold are listed rather than refunded here
// (`refundOrphanedLoans` off); the chaos run keeps the default, so both readings are proven.
const env = useSandbox({}, { BNPL_RECONCILE_GRACE_SECONDS: "0", BNPL_REFUND_ORPHANED_LOANS: "false" })

const number = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined)
const QUICK_RUNS = 50

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const shop = useStorefront(env, api, getContainer)

    it("accounts for every loan and every refund after random sequences of shoppers, admin, service and reconciliation", async () => {
      const { store, admin } = await httpCalls(env.backendUrl, shop.store, ADMIN)
      // knex binds `?`; the model writes `$1`-style parameters, each once and in order.
      const sql: Sql = async <Row extends object>(text: string, params: unknown[] = []) =>
        ((await dbConnection.raw(text.replace(/\$\d+/g, "?"), params)) as { rows: Row[] }).rows
      const report = await runMoneyModel(
        { store, admin, sandbox: env.sandbox, sql },
        {
          numRuns: number("FC_RUNS") ?? QUICK_RUNS,
          // Side by side, each on its own carts (fault-setting commands and refunds run alone: gate.ts).
          concurrency: number("FC_CONCURRENCY") ?? 4,
          size: { minCommands: 3, maxCommands: 6 },
          seed: number("FC_SEED"),
          path: process.env.FC_PATH,
          shrink: process.env.FC_SHRINK === "1",
          verbose: process.env.FC_VERBOSE === "1",
          log: (line) => process.stdout.write(`${line}\n`),
        },
      )
      process.stdout.write(`money model figures: ${JSON.stringify({ seed: report.seed, loans: report.loans, orders: report.orders })}\n`)
      expect(report.failures.map(formatFailure)).toEqual([])
      expect(report.sequences).toBeGreaterThanOrEqual(process.env.FC_PATH ? 1 : (number("FC_RUNS") ?? QUICK_RUNS))
    })
  },
})
