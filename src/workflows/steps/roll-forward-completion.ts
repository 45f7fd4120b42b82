import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const rollForwardCompletionStepId = "bnpl-roll-forward-completion"

interface RollForwardUndo {
  definition?: { [Modules.ORDER]: { order_id: string }; [Modules.CART]: { cart_id: string } }
  cartId?: string
  clearCompletedAt?: boolean
}

/** Links the cart to the order a cut-short completion placed for it (`order_id`), so no second order is made. */
export const rollForwardCompletionStep = createStep(
  rollForwardCompletionStepId,
  async (input: { cart_id: string; order_id?: string }, { container }) => {
    const orderId = input.order_id
    if (!orderId) return new StepResponse(false, {} as RollForwardUndo)
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    const definition = { [Modules.ORDER]: { order_id: orderId }, [Modules.CART]: { cart_id: input.cart_id } }
    await link.create(definition)
    const carts = container.resolve(Modules.CART)
    const [cart] = await carts.listCarts({ id: input.cart_id }, { select: ["id", "completed_at"] })
    if (cart && !cart.completed_at) await carts.updateCarts([{ id: input.cart_id, completed_at: new Date() }])
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`[bnpl] cart ${input.cart_id}: a completion cut short had placed order ${orderId}; the cart is linked to it`)
    return new StepResponse(true, { definition, cartId: input.cart_id, clearCompletedAt: !!cart && !cart.completed_at } as RollForwardUndo)
  },
  async (undo: RollForwardUndo | undefined, { container }) => {
    if (!undo?.definition) return
    await container.resolve(ContainerRegistrationKeys.LINK).dismiss(undo.definition)
    if (undo.clearCompletedAt && undo.cartId) await container.resolve(Modules.CART).updateCarts([{ id: undo.cartId, completed_at: null }])
  },
)
