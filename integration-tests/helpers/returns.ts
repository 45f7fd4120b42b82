import type { AxiosInstance, AxiosRequestConfig } from "axios"

type Items = Array<{ id: string; quantity: number }>

async function step(api: AxiosInstance, admin: AxiosRequestConfig, path: string, body: unknown) {
  const response = await api.post(path, body, { ...admin, validateStatus: () => true })
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.data)}`)
  return response.data
}

/**
 * A return as an admin opens one on the order page, `items` added and not requested yet: Medusa
 * holds it as an open order change. Answers the return's id.
 */
export async function openReturn(api: AxiosInstance, admin: AxiosRequestConfig, orderId: string, items: Items) {
  // The goods come back to the store's stock location (the demo store has one).
  const { data } = await api.get("/admin/stock-locations?fields=id&limit=1", admin)
  const { return: opened } = await step(api, admin, "/admin/returns", { order_id: orderId, location_id: data.stock_locations[0].id })
  await step(api, admin, `/admin/returns/${opened.id}/request-items`, { items })
  return opened.id as string
}

/** A return opened for `items`, then requested. Answers the return's id. */
export async function requestReturn(api: AxiosInstance, admin: AxiosRequestConfig, orderId: string, items: Items) {
  const returnId = await openReturn(api, admin, orderId, items)
  await step(api, admin, `/admin/returns/${returnId}/request`, {})
  return returnId
}

/** A return requested for `items`, then received and confirmed. Answers the return's id. */
export async function receiveReturn(api: AxiosInstance, admin: AxiosRequestConfig, orderId: string, items: Items) {
  const returnId = await requestReturn(api, admin, orderId, items)
  await step(api, admin, `/admin/returns/${returnId}/receive`, {})
  await step(api, admin, `/admin/returns/${returnId}/receive-items`, { items })
  await step(api, admin, `/admin/returns/${returnId}/receive/confirm`, {})
  return returnId
}
