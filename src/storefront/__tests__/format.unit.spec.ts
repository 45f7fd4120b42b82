import { formatInstallments, formatPlan } from "../format"
import { chooseLang, langFromAcceptLanguage } from "../lang"
import { buildOffer } from "../offer-rules"

const RULES = { currencies: ["mxn", "jpy"], minAmount: 1, maxAmount: 100_000, installments: 4, installmentFrequencyDays: 14 }

describe("formatInstallments", () => {
  it("says the plan in Mexican Spanish and in English, naming the last installment when it differs", () => {
    const offer = buildOffer("1234.50", "mxn", RULES, "es-MX")
    expect(formatInstallments(offer, "es-MX")).toBe("o 4 pagos de $308.62 cada 2 semanas (el último de $308.64)")
    expect(formatInstallments(offer, "en")).toBe("or 4 payments of MX$308.62 every 2 weeks (the last one MX$308.64)")
    expect(formatInstallments(buildOffer("1000", "mxn", RULES, "es-MX"), "es-MX")).toBe("o 4 pagos de $250.00 cada 2 semanas")
    expect(formatPlan(offer, "es-MX")).toEqual(["$308.62", "$308.62", "$308.62", "$308.64"])
  })

  it("follows other plans and currencies without decimals", () => {
    const weekly = buildOffer("900", "mxn", { ...RULES, installments: 3, installmentFrequencyDays: 7 }, "en")
    expect(formatInstallments(weekly, "en-US")).toBe("or 3 payments of MX$300.00 every week")
    const tenDays = buildOffer("900", "mxn", { ...RULES, installments: 3, installmentFrequencyDays: 10 }, "es-MX")
    expect(formatInstallments(tenDays, "es")).toBe("o 3 pagos de $300.00 cada 10 días")
    expect(formatInstallments(buildOffer("1001", "jpy", RULES, "en"), "en")).toBe("or 4 payments of ¥250 every 2 weeks (the last one ¥251)")
  })

  it("reads any language but Spanish in English, and Spanish when the storefront names none", () => {
    const offer = buildOffer("1000", "mxn", RULES, "es-MX")
    expect(formatInstallments(offer, "fr-FR")).toBe("or 4 payments of MX$250.00 every 2 weeks")
    expect(formatPlan(offer, "pt-BR")).toEqual(["MX$250.00", "MX$250.00", "MX$250.00", "MX$250.00"])
    expect(formatInstallments(offer, "es-AR")).toBe("o 4 pagos de $250.00 cada 2 semanas")
    expect(formatInstallments(offer)).toBe("o 4 pagos de $250.00 cada 2 semanas")
  })

  it("shows nothing for an amount that cannot be paid in installments", () => {
    expect(formatInstallments(buildOffer("0.50", "mxn", RULES, "es-MX"), "es-MX")).toBeNull()
  })
})

describe("language", () => {
  it("takes ?lang= first, then Accept-Language by q-value, else Spanish", () => {
    expect(chooseLang("en", "es-MX")).toBe("en")
    expect(chooseLang(undefined, "fr-FR,en;q=0.8,es;q=0.9")).toBe("es-MX")
    expect(chooseLang(undefined, "en-US,en;q=0.9")).toBe("en")
    expect(chooseLang(undefined, "de-DE")).toBe("es-MX")
    expect(chooseLang(null, undefined)).toBe("es-MX")
    expect(langFromAcceptLanguage("es;q=0,en;q=0.1")).toBe("en")
  })
})
