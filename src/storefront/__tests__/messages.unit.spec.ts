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

  it("takes the storefront's locale as it comes: any Spanish is es-MX, anything else English", () => {
    expect(checkoutTexts("es")).toBe(CHECKOUT_TEXTS["es-MX"])
    expect(checkoutTexts("es-AR")).toBe(CHECKOUT_TEXTS["es-MX"])
    expect(checkoutTexts("es_mx")).toBe(CHECKOUT_TEXTS["es-MX"])
    expect(checkoutTexts("en-US")).toBe(CHECKOUT_TEXTS.en)
    expect(checkoutTexts("fr-FR")).toBe(CHECKOUT_TEXTS.en)
    expect(checkoutTexts("pt-BR")).toBe(CHECKOUT_TEXTS.en)
    // A storefront with no locale chosen (the starter's "Default") speaks English.
    expect(checkoutTexts(null)).toBe(CHECKOUT_TEXTS.en)
    expect(checkoutTexts()).toBe(CHECKOUT_TEXTS.en)
  })

  it("says when each installment falls, in weeks when it can", () => {
    const es = checkoutTexts("es-MX")
    const en = checkoutTexts("en")
    expect([0, 1, 2, 3].map((i) => es.installmentWhen(i, 14))).toEqual(["Hoy", "En 2 semanas", "En 4 semanas", "En 6 semanas"])
    expect([0, 1, 2].map((i) => en.installmentWhen(i, 7))).toEqual(["Today", "In 1 week", "In 2 weeks"])
    expect([1, 2].map((i) => en.installmentWhen(i, 10))).toEqual(["In 10 days", "In 20 days"])
    expect(es.installmentWhen(1, 1)).toBe("En 1 día")
  })

  it("has every text in both languages", () => {
    expect(Object.keys(CHECKOUT_TEXTS.en).sort()).toEqual(Object.keys(CHECKOUT_TEXTS["es-MX"]).sort())
  })
})
