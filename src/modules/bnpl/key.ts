/** The ledger module's key in Medusa's container; its own file, so reading it loads none of the module. */
export const BNPL_LEDGER_MODULE = "bnplLedger"
