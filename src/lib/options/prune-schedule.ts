/** The webhook-delivery pruning job's cron: hourly unless BNPL_PRUNE_SCHEDULE says otherwise. */
export const pruneSchedule = (env: NodeJS.ProcessEnv = process.env): string => env.BNPL_PRUNE_SCHEDULE || "0 * * * *"
