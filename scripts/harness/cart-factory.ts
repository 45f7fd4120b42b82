import { cloneCart, copyId } from "./clone-cart"
import type { Database } from "./postgres"
import type { ReadyCart, StoreApi } from "./store-api"

/**
 * Identical carts ready for payment, fast: one made through the store API, the rest SQL
 * copies of it (see clone-cart.ts). Everything measured afterwards (payment sessions,
 * webhooks, cart completion) goes through Medusa's API as usual.
 */
export class CartFactory {
  private next = 1

  private constructor(
    private readonly db: Database,
    readonly template: ReadyCart,
  ) {}

  static async create(api: StoreApi, db: Database): Promise<CartFactory> {
    return new CartFactory(db, await api.readyCart())
  }

  async carts(n: number): Promise<ReadyCart[]> {
    if (n <= 0) return []
    const from = this.next
    this.next += n
    await cloneCart(this.db, this.template, from, from + n - 1)
    return Array.from({ length: n }, (_, i) => ({
      cartId: copyId(this.template.cartId, from + i),
      collectionId: copyId(this.template.collectionId, from + i),
    }))
  }
}
