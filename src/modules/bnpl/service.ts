import { MedusaService } from "@medusajs/framework/utils"
import { BnplLoan } from "./models/bnpl-loan"
import { BnplReconciliation } from "./models/bnpl-reconciliation"

/**
 * The generated CRUD of the ledger (`listBnplLoans`, `updateBnplLoans`, …) and of the
 * reconciliation runs (`createBnplReconciliations`, …); the rules live in the workflows.
 */
export class BnplLedgerService extends MedusaService({ BnplLoan, BnplReconciliation }) {}
