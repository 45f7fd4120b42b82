/**
 * How long another of Medusa's workflows may take to finish writing on an order: a refund's
 * workflow records the refund, and confirms its credit line, moments after the provider answered.
 */
const OTHER_WORKFLOW_WAIT_MS = 10_000
const LOOK_EVERY_MS = 50

/**
 * Looks at the order (`look`) until `finished` says the other workflow is done with it, or
 * 10 s have passed: the last look either way, for the caller to judge a workflow that never
 * finished.
 */
export async function afterOtherWorkflows<T>(look: () => Promise<T>, finished: (seen: T) => boolean): Promise<T> {
  const until = Date.now() + OTHER_WORKFLOW_WAIT_MS
  for (;;) {
    const seen = await look()
    if (finished(seen) || Date.now() >= until) return seen
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS))
  }
}

/** Whether `at` falls within the time another workflow is given to finish: one still on its way. */
export const withinOtherWorkflowWait = (at: Date): boolean => at.getTime() > Date.now() - OTHER_WORKFLOW_WAIT_MS
