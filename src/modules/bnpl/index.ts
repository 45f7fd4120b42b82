import { Module } from "@medusajs/framework/utils"
import { BNPL_LEDGER_MODULE } from "./key"
import warnInMemoryLocking from "./loaders/warn-in-memory-locking"
import { BnplLedgerService } from "./service"

/**
 * The loan ledger: one row for every loan the plugin created at the service.
 *
 * Why a ledger: a payment session is Medusa's, and Medusa deletes it when the
 * cart changes or the method is selected again. A paid loan must outlive its
 * session, so the plugin keeps its own record and reconciliation walks it.
 *
 * Who writes it: the module's service alone (service.ts), from workflow steps.
 * The workflow that creates the plugin's payment session (`pp_bnpl_{id}`)
 * (src/workflows/start-loan-session.ts) writes the row in the same request that created the loan, under the
 * cart's lock, right after the payment module stored the session: a provider
 * runs inside the payment module and cannot reach another module, so the
 * provider itself cannot. A row a crash left unwritten is backfilled by
 * reconciliation. Confirmation, cancellation, refunds and reconciliation
 * (src/workflows) move its state.
 *
 * The rule it keeps: a paid loan ends as exactly one of
 * - `ordered`: the payment of one order;
 * - `refunded`: refunded in full at the service;
 * - `needs_attention`: on the admin's list, with `attention_reason`.
 * An unpaid loan ends `cancelled`. `open` is a loan not decided yet.
 */
export { BNPL_LEDGER_MODULE }

export default Module(BNPL_LEDGER_MODULE, { service: BnplLedgerService, loaders: [warnInMemoryLocking] })

export type { BnplLedgerService }
