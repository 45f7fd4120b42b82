import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { type Exclusions, exclusionOf, type ProductFacts } from "./exclusions"

/** A cart's line that cannot be paid in installments, with what the shopper and the log read. */
export interface ExcludedItem {
  title: string
  productId: string
  why: string
}

/** The products' facts an exclusion is decided from, straight from the product module. */
export async function productFacts(container: MedusaContainer, productIds: string[]): Promise<ProductFacts[]> {
  if (!productIds.length) return []
  const products = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ id: productIds }, { select: ["id", "title", "collection_id", "categories.id", "tags.value"], relations: ["categories", "tags"] })
  return products.map((product) => ({
    id: product.id,
    title: product.title,
    collection_id: product.collection_id ?? null,
    category_ids: (product.categories ?? []).map((category) => category!.id),
    tags: (product.tags ?? []).map((tag) => tag!.value),
  }))
}

type Line = { title: string; product_title?: string | null; product_id?: string | null }

/** The cart's lines whose product the store excludes from installments, in the cart's order. */
export async function excludedItemsOfCart(container: MedusaContainer, cartId: string, options: Exclusions): Promise<ExcludedItem[]> {
  const items = await container.resolve(Modules.CART).listLineItems({ cart_id: cartId }, { select: ["title", "product_title", "product_id"] })
  return excludedOf(container, items, options)
}

/** The order's lines the store excludes, for a loan of the order's balance. */
export async function excludedItemsOfOrder(container: MedusaContainer, orderId: string, options: Exclusions): Promise<ExcludedItem[]> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["items.title", "items.product_title", "items.product_id"], filters: { id: orderId } })
  const items = ((data[0] as { items?: Array<Line | null> | null } | undefined)?.items ?? []).filter((item): item is Line => !!item)
  return excludedOf(container, items, options)
}

async function excludedOf(container: MedusaContainer, items: Line[], options: Exclusions): Promise<ExcludedItem[]> {
  const ids = [...new Set(items.map((item) => item.product_id).filter((id): id is string => !!id))]
  const facts = new Map((await productFacts(container, ids)).map((product) => [product.id, product]))
  return items.flatMap((item) => {
    const product = item.product_id ? facts.get(item.product_id) : undefined
    const why = product && exclusionOf(product, options)
    return why ? [{ title: item.product_title ?? item.title, productId: product.id, why }] : []
  })
}
