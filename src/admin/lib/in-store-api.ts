import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { InStoreJson } from "../../api/admin/bnpl/orders/in-store-view"
import { sdk } from "./sdk"

export const inStoreKey = (orderId: string) => ["bnpl", "in-store", orderId] as const

/** While the customer has a link to pay, or paid and Medusa's payment is not authorized yet, the card asks this often. */
const POLL_MS = 5_000

/** The order's sale by phone (GET /admin/bnpl/orders/:id/in-store), polled until its payment is confirmed or it ends unpaid. */
export function useInStore(orderId: string) {
  return useQuery({
    queryKey: inStoreKey(orderId),
    queryFn: () => sdk.client.fetch<InStoreJson>(`/admin/bnpl/orders/${encodeURIComponent(orderId)}/in-store`),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (awaitsConfirmation(query.state.data) ? POLL_MS : false),
  })
}

/** The link waits to be paid, or it is paid and the webhook (or reconciliation) has not authorized the payment yet. */
function awaitsConfirmation(data: InStoreJson | undefined): boolean {
  const sale = data?.sale
  return !!sale && !sale.authorized && (sale.status === "REQUEST" || sale.status === "OUTSTANDING")
}

type Action = { path: "" | "/resend" | "/cancel"; body: Record<string, unknown> }

/** Send, Send again and Cancel: each answers the card's new state. */
export function useInStoreAction(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ path, body }: Action) =>
      sdk.client.fetch<InStoreJson>(`/admin/bnpl/orders/${encodeURIComponent(orderId)}/in-store${path}`, { method: "POST", body }),
    onSuccess: (data) => {
      client.setQueryData(inStoreKey(orderId), data)
      void client.invalidateQueries({ queryKey: ["bnpl", "order-loan", orderId] })
    },
  })
}
