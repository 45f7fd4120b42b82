import type { AxiosInstance, AxiosRequestConfig } from "axios"

/**
 * A return as an admin makes one on the order page: the return requested for `items`, then
 * received and confirmed (Medusa's admin routes, one request each). Answers the return's id.
 */
export async function receiveReturn(api: AxiosInstance, admin: AxiosRequestConfig, orderId: string, items: Array<{ id: string; quantity: number }>) {
  const step = async (path: string, body: unknown) => {
    const response = await api.post(path, body, { ...admin, validateStatus: () => true })
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.data)}`)
    return response.data
  }
  // The goods come back to the store's stock location (the demo store has one).
  const { data } = await api.get("/admin/stock-locations?fields=id&limit=1", admin)
  const { return: opened } = await step("/admin/returns", { order_id: orderId, location_id: data.stock_locations[0].id })
  await step(`/admin/returns/${opened.id}/request-items`, { items })
  await step(`/admin/returns/${opened.id}/request`, {})
  await step(`/admin/returns/${opened.id}/receive`, {})
  await step(`/admin/returns/${opened.id}/receive-items`, { items })
  await step(`/admin/returns/${opened.id}/receive/confirm`, {})
  return opened.id as string
}
