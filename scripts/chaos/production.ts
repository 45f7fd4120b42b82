import type { FaultConfig } from "../../packages/sandbox"
import { countBy } from "../harness/stats"
import { StoreApi } from "../harness/store-api"
import type { ChaosContext } from "./context"
import { checkLoanOutcomes, ledgerScope, ordersWithoutAuthorizedSession, type LoanOutcomes, type LedgerScope } from "./lib/ledger"
import { type DeletedOrders, OrderWatch } from "./lib/order-watch"
import { waitForChains } from "./lib/webhook-chains"
import { injectFaults } from "./production/faults"
import { linesPerProcess, RUN_STARTS, RUN_SUMMARY, startTopology, type Topology } from "./production/topology"
import { driveCheckouts } from "./production/traffic"
import { Expectations, type Scenario, type ScenarioResult } from "./scenario"

/** The service fails 20 % of the calls on every endpoint; its webhooks are sent twice half the time. */
const SERVICE_FAULTS: FaultConfig = {
  auth: { errorRate: 0.2, errorStatus: 503 },
  loan: { errorRate: 0.2, errorStatus: 500 },
  status: { errorRate: 0.2, errorStatus: 503 },
  cancel: { errorRate: 0.2, errorStatus: 500 },
  webhook: { duplicateRate: 0.5 },
}
/** Every ten seconds (BullMQ reads a six-field cron with seconds). */
const RECONCILE_SCHEDULE = "*/10 * * * * *"
/** Reconciliation runs, after the faults, in which the invariant may still settle. */
const SETTLE_RUNS = 4
/**
 * A server killed inside a cart's completion (or a release lost while Redis was down) leaves
 * Medusa's lock on that cart until its TTL lapses (two minutes in completeCartWorkflow and
 * processPaymentWorkflow): until then no process can authorize the loan on the order the
 * completion placed. While the invariant fails, settling goes on that long after the faults.
 */
const MEDUSA_CART_LOCK_TTL_MS = 120_000

/**
 * Medusa's production stack (two servers behind a round-robin proxy, a worker, Redis for
 * the event bus, workflow engine, locking and caching) under checkouts, while one server is
 * killed, Redis crashes, the worker dies inside a reconciliation run and the service fails
 * 20 % of calls. Afterwards: the ledger invariant for every paid loan, no duplicate and no
 * deleted order, and the reconciliation job seen on the worker only.
 */
export const productionScenario: Scenario = {
  name: "production",
  async run(ctx: ChaosContext): Promise<ScenarioResult> {
    const started = Date.now()
    const { stack } = ctx
    await ctx.medusa.stop() // its lock is in-process: it must not take part
    ctx.say("production: starting Redis, the proxy, two servers and a worker…")
    const topology = await startTopology(ctx, RECONCILE_SCHEDULE)
    const carts = await ctx.carts.carts(ctx.sizes.productionCheckouts)
    const scope = await ledgerScope(
      stack.db,
      carts.map((cart) => cart.cartId),
    )
    const watch = new OrderWatch(stack.db).start()
    const firstDelivery = stack.probe.deliveries.length
    let paid = 0
    ctx.say(`production: ${carts.length} checkouts through ${topology.proxy.url}, faults on…`)
    stack.sandbox.setFaults(SERVICE_FAULTS)
    const [traffic, faults] = await Promise.all([
      driveCheckouts(stack, new StoreApi(topology.proxy.url, stack.store), () => topology.servers.map((server) => server.url), carts, {
        concurrency: ctx.sizes.concurrency,
        streamMs: ctx.sizes.productionStreamMs,
        onPaid: () => paid++,
      }),
      injectFaults(topology, () => paid, carts.length),
    ]).finally(() => stack.sandbox.setFaults({}))
    const faultsOverAt = Date.now()
    const paidLoans = traffic.outcomes.flatMap((o) => (o.loanId !== undefined && !o.payError ? [o.loanId] : []))
    await waitForChains(() => stack.probe.deliveries.slice(firstDelivery), paidLoans, ctx.webhookRetries, 90_000)
    ctx.say("production: faults over; waiting for reconciliation runs on the worker…")
    const settled = await settle(topology, stack.sandbox, stack.db, scope, faultsOverAt)
    const deleted = await watch.deleted()
    const unrecorded = await ordersWithoutAuthorizedSession(stack.db, [...scope.carts])
    const runsStarted = linesPerProcess(topology, RUN_STARTS)
    const summaries = linesPerProcess(topology, RUN_SUMMARY)
    const outcome = settled.outcome
    return {
      figures: {
        checkouts: carts.length,
        "boot (s)": Object.entries(topology.bootMs)
          .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)}`)
          .join(", "),
        "loans paid": outcome.paidLoans,
        "faults injected": [...faults.injected, "service failing 20 % of calls"],
        "fault problems": faults.problems.length ? faults.problems : 0,
        proxy: topology.proxy.counts,
        "direct webhook answers": countBy(traffic.directAnswers, (a) => a),
        orders: outcome.orders,
        "loan outcomes": { ordered: outcome.ordered, refunded: outcome.refunded, "needs attention": outcome.needsAttention },
        duplicates: outcome.duplicates,
        "deleted orders": deleted.paid.length,
        "orders Medusa's compensation removed before any payment (failed completions)": deleted.unpaid.length,
        "suspects listed": outcome.suspectsListed,
        "paid loans without a ledger row": outcome.withoutRow,
        "reconciliation runs after the faults": settled.runs,
        "reconciliation runs started per process": runsStarted,
        "reconciliation summaries per process": summaries,
        "orders whose bnpl session is not authorized": unrecorded.length,
        "time (s)": ((Date.now() - started) / 1000).toFixed(0),
      },
      failures: expectations(carts.length, traffic.outcomes.length, outcome, deleted, faults, { runsStarted, summaries }).that(
        unrecorded.length === 0,
        `orders whose bnpl session is not authorized: ${unrecorded.join(", ")}`,
      ).failures,
    }
  },
}

/**
 * Waits for reconciliation runs on the worker until the invariant holds and every order's session
 * is authorized: at least two, and while either fails, at least SETTLE_RUNS and until the cart
 * locks taken during the faults have lapsed (a killed server's completion is rolled forward only then).
 */
async function settle(
  topology: Topology,
  sandbox: ChaosContext["stack"]["sandbox"],
  db: ChaosContext["stack"]["db"],
  scope: LedgerScope,
  faultsOverAt: number,
): Promise<{ outcome: LoanOutcomes; runs: number }> {
  let outcome = await checkLoanOutcomes(sandbox, db, scope)
  let unauthorized = (await ordersWithoutAuthorizedSession(db, [...scope.carts])).length
  let runs = 0
  const locksLapseAt = faultsOverAt + MEDUSA_CART_LOCK_TTL_MS
  const mayGoOn = (): boolean => runs < SETTLE_RUNS + 1 || Date.now() < locksLapseAt
  // A run has ended when the next one begins (the worker runs the job one at a time).
  while (mayGoOn() && (outcome.violations.length || outcome.withoutRow || unauthorized || runs < 2)) {
    if (!(await topology.worker.log.next(RUN_STARTS, 120_000))) break
    runs++
    outcome = await checkLoanOutcomes(sandbox, db, scope)
    unauthorized = (await ordersWithoutAuthorizedSession(db, [...scope.carts])).length
  }
  return { outcome, runs: Math.max(0, runs - 1) }
}

function expectations(
  checkouts: number,
  driven: number,
  outcome: LoanOutcomes,
  deleted: DeletedOrders,
  faults: Awaited<ReturnType<typeof injectFaults>>,
  where: { runsStarted: Record<string, number>; summaries: Record<string, number> },
): Expectations {
  const onServers = (counts: Record<string, number>): number => counts["server 1"] + counts["server 2"]
  return new Expectations()
    .that(driven === checkouts, `only ${driven} of ${checkouts} checkouts were driven`)
    .that(outcome.paidLoans > 0, "no loan was paid at all: the scenario tested nothing")
    .that(outcome.violations.length === 0, `ledger invariant: ${outcome.violations.slice(0, 5).join("; ")}`)
    .that(outcome.duplicates === 0, `${outcome.duplicates} carts have more than one order`)
    .that(deleted.paid.length === 0, `orders that held a payment deleted during the run: ${deleted.paid.slice(0, 5).join(", ")}`)
    .that(outcome.withoutRow === 0, `${outcome.withoutRow} paid loans have no bnpl_loan row`)
    .that(faults.problems.length === 0 && faults.injected.length === 3, `faults not all injected: ${faults.problems.join("; ")}`)
    .that(faults.killedRunFinished === false, "the worker was not killed inside a reconciliation run (its summary printed first)")
    .that(where.runsStarted.worker > 0, `the reconciliation job never started on the worker (no "${RUN_STARTS}" line)`)
    .that(
      onServers(where.runsStarted) === 0 && onServers(where.summaries) === 0,
      `the reconciliation job ran on a server: started ${JSON.stringify(where.runsStarted)}, reported ${JSON.stringify(where.summaries)}`,
    )
}
