import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { CreateProductCategoryDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { useSandbox } from "../helpers/environment"
import { useOrderBalance } from "../helpers/balance"
import { useStorefront } from "../helpers/store"

jest.setTimeout(120_000)

/**
 * Products the store does not finance (`excludedTags`, `excludedCategories`, … ): the product
 * page's offer, the payment step's eligibility, the payment link of an order's balance and
 * session creation all refuse them, naming the product in the shopper's language, and no loan
 * is asked of the service.
 */
const env = useSandbox({}, { BNPL_EXCLUDED_TAGS: "no-installments", BNPL_EXCLUDED_CATEGORIES: "pcat_not_financed" })

const BIKE = 0 // tagged no-installments
const HEADPHONES = 1 // in the excluded category
const COFFEE = 2 // financed

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const shop = useStorefront(env, api, getContainer)
    const { balanceOf } = useOrderBalance(env, api, getContainer, shop)
    const productIds: string[] = []

    beforeAll(async () => {
      const products = getContainer().resolve(Modules.PRODUCT)
      const variants = await products.listProductVariants({ id: shop.store.variantIds }, { select: ["id", "product_id"] })
      productIds.push(...shop.store.variantIds.map((id) => variants.find((v) => v.id === id)!.product_id!))
      const [tag] = await products.createProductTags([{ value: "no-installments" }])
      // Medusa keeps an id it is given, so the option could name the category before the store booted.
      const category = { id: "pcat_not_financed", name: "Por pedido", is_active: true } as CreateProductCategoryDTO
      await products.createProductCategories([category])
      await products.updateProducts(productIds[BIKE], { tag_ids: [tag.id] })
      await products.updateProducts(productIds[HEADPHONES], { category_ids: ["pcat_not_financed"] })
    })

    const store = (lang?: string) => ({
      headers: { "x-publishable-api-key": shop.store.publishableKey, ...(lang ? { "accept-language": lang } : {}) },
      validateStatus: () => true,
    })
    const loansAsked = () => env.sandbox.state.requests.filter((r) => r.path === "/api/loan")

    it("the offer for a product page: an excluded product is not eligible, by name; others and no product are", async () => {
      const offer = (query: string, lang?: string) => api.get(`/store/bnpl/offer?amount=1000&currency_code=mxn${query}`, store(lang))

      const bike = await offer(`&product_id=${productIds[BIKE]}`)
      expect([bike.status, bike.data.offer.available, bike.data.offer.reason]).toEqual([
        200,
        false,
        { code: "product_excluded", message: "Estos productos no se pueden pagar a plazos: «Bicicleta de montaña»." },
      ])
      const english = await offer(`&product_id=${productIds[HEADPHONES]}`, "en-US")
      expect(english.data.offer.reason.message).toBe("These items cannot be paid in installments: “Audífonos inalámbricos”.")
      expect((await offer(`&product_id=${productIds[COFFEE]}`)).data.offer.available).toBe(true)
      expect((await offer("")).data.offer.available).toBe(true)
      const bad = await offer("&product_id=not%20an%20id")
      expect([bad.status, bad.data.type]).toEqual([400, "invalid_data"])
    })

    it("the payment step: a cart holding an excluded product is not eligible, and the reason names it", async () => {
      const cart = await shop.cart({ variant: COFFEE })
      await shop.addItem(cart.id, BIKE)
      const { data } = await api.get(`/store/carts/${cart.id}/bnpl`, store())
      expect([data.bnpl.available, data.bnpl.next_step, data.bnpl.reason]).toEqual([
        false,
        "choose_another_method",
        { code: "product_excluded", message: "Estos productos no se pueden pagar a plazos: «Bicicleta de montaña»." },
      ])

      const financed = await shop.cart({ variant: COFFEE })
      expect((await api.get(`/store/carts/${financed.id}/bnpl`, store())).data.bnpl.available).toBe(true)
    })

    it("session creation: refused with the product's name in the shopper's language, and no loan is asked of the service", async () => {
      const bike = await shop.cart({ variant: BIKE })
      const refused = await shop.startSession(bike.id)
      expect([refused.status, refused.data.type, refused.data.message]).toEqual([
        400,
        "not_allowed",
        "Estos productos no se pueden pagar a plazos: «Bicicleta de montaña».",
      ])
      const headphones = await shop.cart({ variant: HEADPHONES })
      const collection = await shop.paymentCollection(headphones.id)
      const english = await api.post(`/store/payment-collections/${collection}/payment-sessions`, { provider_id: "pp_bnpl_bnpl" }, store("en"))
      expect([english.status, english.data.message]).toEqual([400, "These items cannot be paid in installments: “Audífonos inalámbricos”."])
      expect(loansAsked()).toEqual([])

      const coffee = await shop.bnplSession((await shop.cart({ variant: COFFEE })).id)
      expect(coffee.data.loan_id).toEqual(expect.any(Number))
      expect(loansAsked()).toHaveLength(1)
    })

    it("the payment link: an order's balance holding an excluded product is not offered, and its session is refused", async () => {
      // An order paid another way, then the merchant adds a product the store does not finance.
      const cart = await shop.cart({ variant: COFFEE })
      expect((await shop.startSession(cart.id, "pp_system_default")).status).toBe(200)
      const placed = await shop.complete(cart.id)
      expect(placed.data.type).toBe("order")
      const balance = await balanceOf(placed.data.order.id, HEADPHONES)
      const reason = "These items cannot be paid in installments: “Audífonos inalámbricos”."

      const { data } = await api.get(`/store/bnpl/payment-collections/${balance.id}`, store("en"))
      expect([data.bnpl.available, data.bnpl.next_step, data.bnpl.reason]).toEqual([
        false,
        "choose_another_method",
        { code: "product_excluded", message: reason },
      ])
      const refused = await api.post(`/store/payment-collections/${balance.id}/payment-sessions`, { provider_id: "pp_bnpl_bnpl" }, store("en"))
      expect([refused.status, refused.data.message]).toEqual([400, reason])
      expect(loansAsked()).toEqual([])
    })
  },
})
