/** What the test asks Medusa's admin API directly, to check what the browser showed. */
export interface AdminOrder {
  id: string
  display_id: number
  email: string | null
  total: number
  currency_code: string
  items?: Array<{ product_title: string | null; quantity: number }>
  payment_collections?: Array<{ status: string; payments?: Array<{ provider_id: string }> }>
}

export async function adminToken(backendUrl: string, admin: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${backendUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(admin),
  })
  const body = (await response.json()) as { token?: string }
  if (response.status !== 200 || !body.token) throw new Error(`admin login: ${response.status} ${JSON.stringify(body)}`)
  return body.token
}

/** The admin's bearer header, for a request of the test's own to Medusa's admin API. */
export async function adminHeaders({ backendUrl, admin }: { backendUrl: string; admin: { email: string; password: string } }) {
  return { authorization: `Bearer ${await adminToken(backendUrl, admin)}` }
}

export async function listOrders(backendUrl: string, token: string): Promise<AdminOrder[]> {
  const fields = "id,display_id,email,total,currency_code,*items,*payment_collections,*payment_collections.payments"
  const response = await fetch(`${backendUrl}/admin/orders?limit=100&fields=${encodeURIComponent(fields)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const body = (await response.json()) as { orders?: AdminOrder[] }
  if (response.status !== 200 || !body.orders) throw new Error(`GET /admin/orders: ${response.status} ${JSON.stringify(body)}`)
  return body.orders
}
