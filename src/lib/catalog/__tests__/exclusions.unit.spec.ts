import { productExcludedMessage, quoteTitles } from "../../../storefront/messages"
import { type Exclusions, excludesAny, exclusionOf, type ProductFacts } from "../exclusions"

const none: Exclusions = { excludedProducts: [], excludedCollections: [], excludedCategories: [], excludedTags: [] }
const product: ProductFacts = { id: "prod_1", title: "Reloj", collection_id: "pcol_1", category_ids: ["pcat_1", "pcat_2"], tags: ["gift", "sale"] }

describe("products the store does not finance", () => {
  it("reads nothing when no option excludes anything", () => {
    expect(excludesAny(none)).toBe(false)
    expect(excludesAny({ ...none, excludedTags: ["x"] })).toBe(true)
    expect(exclusionOf(product, none)).toBeUndefined()
  })

  it.each([
    ["its id", { excludedProducts: ["prod_1"] }, "product prod_1 is excluded"],
    ["its collection", { excludedCollections: ["pcol_1"] }, "its collection pcol_1 is excluded"],
    ["any of its categories", { excludedCategories: ["pcat_2"] }, "its category pcat_2 is excluded"],
    ["any of its tags, by value", { excludedTags: ["sale"] }, "its tag sale is excluded"],
  ])("excludes a product by %s, and says which option named it", (_, options, why) => {
    expect(exclusionOf(product, { ...none, ...options })).toBe(why)
  })

  it("leaves a product no option names, and one without a collection", () => {
    const others: Exclusions = {
      excludedProducts: ["prod_2"],
      excludedCollections: ["pcol_2"],
      excludedCategories: ["pcat_3"],
      excludedTags: ["Sale"],
    }
    expect(exclusionOf(product, others)).toBeUndefined()
    expect(exclusionOf({ ...product, collection_id: null }, { ...none, excludedCollections: ["pcol_1"] })).toBeUndefined()
  })

  it("tells the shopper which products, in their language", () => {
    expect(quoteTitles(["Reloj", "Bici"], "es-MX")).toBe("«Reloj», «Bici»")
    expect(productExcludedMessage(["Reloj"], "es-MX")).toBe("Estos productos no se pueden pagar a plazos: «Reloj».")
    expect(productExcludedMessage(["Watch"], "en")).toBe("These items cannot be paid in installments: “Watch”.")
  })
})
