import { MedusaService } from "@medusajs/framework/utils"
import { BnplLoan } from "./models/bnpl-loan"

/** The generated CRUD of the ledger (`listBnplLoans`, `updateBnplLoans`, …); the rules live in the workflows. */
export class BnplLedgerService extends MedusaService({ BnplLoan }) {}
