import { useQuery } from "@tanstack/react-query"
import type { ActivityJson } from "../../api/admin/bnpl/activity/activity-view"
import { sdk } from "./sdk"

/** The ledger's activity per day (GET /admin/bnpl/activity?days=): a few grouped reads, refreshed each minute. */
export function useActivity(days: number) {
  return useQuery({
    queryKey: ["bnpl", "activity", days],
    queryFn: () => sdk.client.fetch<{ activity: ActivityJson }>("/admin/bnpl/activity", { query: { days } }),
    refetchInterval: 60_000,
  })
}
