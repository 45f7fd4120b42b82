import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { LedgerStateName } from "../../api/admin/bnpl/loans/ledger-states"
import type { BookEntryJson, LoanActionResponse, LoanListResponse } from "../../api/admin/bnpl/loans/ledger-view"
import type { ReconciliationListResponse, ReconciliationResponse } from "../../api/admin/bnpl/reconciliations/reconciliation-view"
import type { RefundLoanResult } from "../../workflows/refund-loan"
import type { RetryCompletionResult } from "../../workflows/retry-completion"
import { sdk } from "./sdk"

export interface LedgerQuery {
  state?: LedgerStateName
  q?: string
  limit: number
  offset: number
}

const LEDGER_KEY = ["bnpl", "ledger"] as const

/** One page of the ledger (GET /admin/bnpl/loans); the previous page stays shown while the next loads. */
export function useLedger(query: LedgerQuery) {
  return useQuery({
    queryKey: [...LEDGER_KEY, query],
    queryFn: () => sdk.client.fetch<LoanListResponse>("/admin/bnpl/loans", { query: { ...query } }),
    placeholderData: keepPreviousData,
  })
}

/** How many loans are on the attention list, for the page's banner. */
export function useAttentionCount() {
  return useQuery({
    queryKey: [...LEDGER_KEY, "attention-count"],
    queryFn: () => sdk.client.fetch<LoanListResponse>("/admin/bnpl/loans", { query: { state: "needs_attention", limit: 1 } }),
    select: (page) => page.count,
  })
}

/** A mutation that, once done, refreshes every ledger view and every order widget. */
function useLedgerAction<TInput, TResult>(run: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: LEDGER_KEY }), client.invalidateQueries({ queryKey: ["bnpl", "order-loan"] })]),
  })
}

const post = <T>(path: string) => sdk.client.fetch<T>(path, { method: "POST", body: {} })

export function useRetryCompletion() {
  return useLedgerAction((id: string) =>
    post<LoanActionResponse<RetryCompletionResult>>(`/admin/bnpl/loans/${encodeURIComponent(id)}/retry-completion`),
  )
}

export function useRefundInFull() {
  return useLedgerAction((id: string) => post<LoanActionResponse<RefundLoanResult>>(`/admin/bnpl/loans/${encodeURIComponent(id)}/refund`))
}

const RECONCILIATION_KEY = ["bnpl", "reconciliation"] as const

/** Starts a reconciliation run (POST /admin/bnpl/reconcile answers 202 with the running run at once). */
export function useReconcile() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (_: void) => post<ReconciliationResponse>("/admin/bnpl/reconcile"),
    onSuccess: () => client.invalidateQueries({ queryKey: [...RECONCILIATION_KEY, "latest"] }),
  })
}

/** A run, polled every second while it runs; when it ends, the ledger and the latest run are read again. */
export function useReconciliation(id: string | undefined) {
  const client = useQueryClient()
  return useQuery({
    queryKey: [...RECONCILIATION_KEY, id],
    enabled: !!id,
    queryFn: async () => {
      const { reconciliation } = await sdk.client.fetch<ReconciliationResponse>(`/admin/bnpl/reconciliations/${encodeURIComponent(id ?? "")}`)
      if (reconciliation.status !== "running") {
        await Promise.all([
          client.invalidateQueries({ queryKey: LEDGER_KEY }),
          client.invalidateQueries({ queryKey: [...RECONCILIATION_KEY, "latest"] }),
        ])
      }
      return reconciliation
    },
    refetchInterval: (query) => (query.state.data?.status === "running" ? 1000 : false),
  })
}

/** The latest run, scheduled or not, for "last reconciled" under the button. */
export function useLatestReconciliation() {
  return useQuery({
    queryKey: [...RECONCILIATION_KEY, "latest"],
    queryFn: () => sdk.client.fetch<ReconciliationListResponse>("/admin/bnpl/reconciliations", { query: { limit: 1 } }),
    select: (page) => page.reconciliations[0],
  })
}

/** A loan's entries in the plugin's book of refunds (GET /admin/bnpl/loans/:id/refunds). */
export type { BookEntryJson }

export function useBookRefunds(ledgerId: string | undefined) {
  return useQuery({
    queryKey: [...LEDGER_KEY, "book", ledgerId],
    queryFn: () => sdk.client.fetch<{ refunds: BookEntryJson[] }>(`/admin/bnpl/loans/${encodeURIComponent(ledgerId ?? "")}/refunds`),
    enabled: !!ledgerId,
  })
}

export type SettleRefund = { ledgerId: string; entryId: string } & ({ action: "record"; amount: string } | { action: "dismiss"; reason: string })

/** Records (with its amount) or dismisses (with a reason) a refund the book cannot account for. */
export function useSettleRefund() {
  return useLedgerAction(({ ledgerId, entryId, ...body }: SettleRefund) =>
    sdk.client.fetch<{ entry: BookEntryJson }>(`/admin/bnpl/loans/${encodeURIComponent(ledgerId)}/refunds/${encodeURIComponent(entryId)}`, {
      method: "POST",
      body,
    }),
  )
}
