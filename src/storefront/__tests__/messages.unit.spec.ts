import { checkoutTexts } from "../index"
import { CHECKOUT_TEXTS } from "../messages"

describe("checkoutTexts", () => {
  it("names the method, the button and the return page in Mexican Spanish and in English", () => {
    const es = checkoutTexts("es-MX")
    expect([es.methodTitle, es.payButton, es.confirming(1), es.confirming(3), es.backToPayment]).toEqual([
      "Pago a plazos",
      "Pagar a plazos",
      "Confirmando tu pago…",
      "Confirmando tu pago (intento 3)…",
      "Volver al pago",
    ])
    const en = checkoutTexts("en")
    expect([en.methodTitle, en.payButton, en.confirming(1), en.confirming(3), en.backToPayment]).toEqual([
      "Pay in installments",
      "Pay in installments",
      "Confirming your payment…",
      "Confirming your payment (attempt 3)…",
      "Back to payment",
    ])
  })

  it("takes navigator.language as it comes: any English is English, anything else Spanish", () => {
    expect(checkoutTexts("en-US")).toBe(CHECKOUT_TEXTS.en)
    expect(checkoutTexts("en_GB")).toBe(CHECKOUT_TEXTS.en)
    expect(checkoutTexts("es-AR")).toBe(CHECKOUT_TEXTS["es-MX"])
    expect(checkoutTexts("fr-FR")).toBe(CHECKOUT_TEXTS["es-MX"])
    // The server renders before the browser's language is known.
    expect(checkoutTexts(undefined)).toBe(CHECKOUT_TEXTS["es-MX"])
    expect(checkoutTexts()).toBe(CHECKOUT_TEXTS["es-MX"])
  })

  it("has every text in both languages", () => {
    expect(Object.keys(CHECKOUT_TEXTS.en).sort()).toEqual(Object.keys(CHECKOUT_TEXTS["es-MX"]).sort())
  })
})
