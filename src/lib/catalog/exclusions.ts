import type { BnplOptions } from "../options/options"

/** What decides whether a product may be paid in installments. */
export interface ProductFacts {
  id: string
  title: string
  collection_id: string | null
  category_ids: string[]
  /** The tags' values. */
  tags: string[]
}

export type Exclusions = Pick<BnplOptions, "excludedProducts" | "excludedCollections" | "excludedCategories" | "excludedTags">

/** The store excludes something: only then are products read. */
export const excludesAny = (options: Exclusions): boolean =>
  [options.excludedProducts, options.excludedCollections, options.excludedCategories, options.excludedTags].some((list) => list.length > 0)

/** Why a product cannot be paid in installments (which option names it), or undefined when it can. */
export function exclusionOf(product: ProductFacts, options: Exclusions): string | undefined {
  if (options.excludedProducts.includes(product.id)) return `product ${product.id} is excluded`
  if (product.collection_id && options.excludedCollections.includes(product.collection_id)) {
    return `its collection ${product.collection_id} is excluded`
  }
  const category = product.category_ids.find((id) => options.excludedCategories.includes(id))
  if (category) return `its category ${category} is excluded`
  const tag = product.tags.find((value) => options.excludedTags.includes(value))
  if (tag) return `its tag ${tag} is excluded`
  return undefined
}
