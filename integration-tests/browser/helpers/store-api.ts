/**
 * What a browser test sets up through the store API itself, as another storefront would:
 * the publishable key comes from the demo's page, like the demo's own script reads it.
 */
export interface StoreApiContext {
  backendUrl: string
  publishableKey: string
}

export async function storeApi(backendUrl: string): Promise<StoreApiContext> {
  const html = await (await fetch(`${backendUrl}/demo`)).text()
  const json = html.match(/<script id="demo-config" type="application\/json">(.*?)<\/script>/)?.[1]
  const publishableKey = json ? (JSON.parse(json) as { publishableKey?: string | null }).publishableKey : undefined
  if (!publishableKey) throw new Error("the demo page carries no publishable key")
  return { backendUrl, publishableKey }
}

async function call<T>(store: StoreApiContext, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${store.backendUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", "x-publishable-api-key": store.publishableKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = (await response.json()) as T
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`)
  return data
}

/** A cart in the MXN region holding `quantity` of the product titled `title`. */
export async function cartWith(store: StoreApiContext, title: string, quantity: number, shippingAddress: Record<string, unknown>): Promise<string> {
  const { regions } = await call<{ regions: Array<{ id: string; currency_code: string }> }>(store, "GET", "/store/regions")
  const region = regions.find((r) => r.currency_code === "mxn")
  if (!region) throw new Error("no MXN region")
  const { products } = await call<{ products: Array<{ title: string; variants: Array<{ id: string }> }> }>(
    store,
    "GET",
    "/store/products?fields=title,*variants&limit=50",
  )
  const variant = products.find((p) => p.title === title)?.variants[0]
  if (!variant) throw new Error(`no product titled ${title}`)
  const { cart } = await call<{ cart: { id: string } }>(store, "POST", "/store/carts", {
    region_id: region.id,
    email: "comprador@example.com",
    shipping_address: shippingAddress,
    items: [{ variant_id: variant.id, quantity }],
  })
  return cart.id
}

/** What the starter's address and delivery steps leave on a cart: a billing address and a shipping method. */
export async function readyForPayment(store: StoreApiContext, cartId: string, address: Record<string, unknown>): Promise<void> {
  await call(store, "POST", `/store/carts/${cartId}`, { billing_address: address })
  const { shipping_options } = await call<{ shipping_options: Array<{ id: string }> }>(store, "GET", `/store/shipping-options?cart_id=${cartId}`)
  if (!shipping_options.length) throw new Error(`no shipping option for cart ${cartId}`)
  await call(store, "POST", `/store/carts/${cartId}/shipping-methods`, { option_id: shipping_options[0].id })
}
