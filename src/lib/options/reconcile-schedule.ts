/** The scheduled reconciliation's cron: every 5 minutes unless BNPL_RECONCILE_SCHEDULE says otherwise. */
export const reconcileSchedule = (env: NodeJS.ProcessEnv = process.env): string => env.BNPL_RECONCILE_SCHEDULE || "*/5 * * * *"
