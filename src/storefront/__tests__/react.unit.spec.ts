import { readFileSync, readdirSync } from "fs"
import { join, resolve } from "path"
import { createElement as h, type ReactElement } from "react"
import { renderToString } from "react-dom/server"
import {
  BnplOffer,
  BnplPaymentButton,
  BnplPaymentLink,
  BnplPaymentOption,
  BnplProvider,
  BnplReturn,
  useBnplPaymentInfo,
  type PaymentOptionProps,
} from "../react"
import type { StoreCart } from "../sdk"

/*
 * What the server renders, before any effect runs: the shopper's first sight of each component,
 * which the browser's first render must repeat (hydration). The browser suite
 * (integration-tests/browser/storefront-app.spec.ts) checks what the effects then show.
 */

const STORE = { backendUrl: "http://store.test", publishableKey: "pk_test" }
const inLocale = (locale: string | null, child: ReactElement) => renderToString(h(BnplProvider, { locale, ...STORE, children: child }))
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim()

const cart = { id: "cart_1", total: 1499 } as StoreCart
const placeOrder = async () => undefined

describe("the kit's React components, rendered by the server", () => {
  it("speak the storefront's locale from the first render: any Spanish is es-MX, anything else English", () => {
    const progress = (locale: string | null) => text(inLocale(locale, h(BnplReturn, { placeOrder })))
    expect(progress("es-MX")).toBe("Confirmando tu pago…")
    expect(progress("es")).toBe("Confirmando tu pago…")
    expect(progress("es-AR")).toBe("Confirmando tu pago…")
    expect(progress("en-US")).toBe("Confirming your payment…")
    expect(progress("fr-FR")).toBe("Confirming your payment…")
    // The starter's "Default": no locale cookie.
    expect(progress(null)).toBe("Confirming your payment…")
  })

  it("render the pay button in the shopper's language, disabled while the checkout is not ready", () => {
    const button = (locale: string, disabled: boolean) => inLocale(locale, h(BnplPaymentButton, { cart, disabled, "data-testid": "pay" }))
    expect(text(button("es-MX", false))).toBe("Pagar a plazos")
    expect(text(button("en", false))).toBe("Pay in installments")
    expect(button("en", true)).toMatch(/<button[^>]*disabled=""/)
    expect(button("en", false)).not.toMatch(/disabled=""/)
    expect(button("en", false)).toContain('data-testid="pay"')
  })

  it("render the payment link's page with its title and a loading line until the balance is known", () => {
    expect(text(inLocale("es-MX", h(BnplPaymentLink, { paymentCollectionId: "pay_col_1" })))).toBe("Paga el saldo de tu pedido Cargando…")
    expect(text(inLocale("en", h(BnplPaymentLink, { paymentCollectionId: "pay_col_1" })))).toBe("Pay your order's balance Loading…")
  })

  it("render no offer until the store has answered for the price", () => {
    expect(inLocale("es-MX", h(BnplOffer, { amount: 3250.5, currencyCode: "mxn", productId: "prod_1" }))).toBe("")
  })

  it("ask a product page for its product, so that a product the store does not finance is never advertised", () => {
    // The root tsc checks this file: the line below compiles only while productId stays required.
    // @ts-expect-error productId is missing
    const forgotten = h(BnplOffer, { amount: 3250.5, currencyCode: "mxn" })
    expect(inLocale("en", forgotten)).toBe("")
    // An amount that is no one product's says so.
    expect(inLocale("en", h(BnplOffer, { amount: 3250.5, currencyCode: "mxn", productId: null }))).toBe("")
  })

  it("leave another method's payment option exactly as the storefront wrote it", () => {
    const Manual = ({ disabled }: PaymentOptionProps) => h("label", { className: "option", "aria-disabled": String(!!disabled) }, "Manual Payment")
    const option = h(Manual)
    const wrapped = inLocale("en", h(BnplPaymentOption, { cart, providerId: "pp_system_default", children: option }))
    expect(wrapped).toBe(renderToString(option))
  })

  it("wrap the plugin's option, offered until the store says the cart cannot pay in installments", () => {
    const Option = ({ disabled, children }: { disabled?: boolean; children?: ReactElement | null }) =>
      h("div", { role: "radio", "aria-disabled": String(!!disabled) }, "Pay in installments", children)
    const html = inLocale("en", h(BnplPaymentOption, { cart, providerId: "pp_bnpl_bnpl", children: h(Option) }))
    expect(html).toContain('data-testid="bnpl-payment-option"')
    expect(html).toContain('aria-disabled="false"')
    expect(html).not.toContain("opacity")
  })

  it("name the plugin's method in the shopper's language in the storefront's map, and no other", () => {
    const starterMap: Record<string, { title: string; icon: string }> = {
      pp_bnpl_bnpl: { title: "Pay in installments", icon: "card" },
      pp_bnpl_other: { title: "Pay in installments", icon: "card" },
      pp_system_default: { title: "Manual Payment", icon: "card" },
    }
    let seen: Record<string, { title: string; icon: string }> = {}
    const Probe = () => {
      seen = useBnplPaymentInfo(starterMap)
      return null
    }
    inLocale("es-MX", h(Probe))
    expect(seen).toEqual({
      pp_bnpl_bnpl: { title: "Pago a plazos", icon: "card" },
      pp_bnpl_other: { title: "Pago a plazos", icon: "card" },
      pp_system_default: { title: "Manual Payment", icon: "card" },
    })
    expect(starterMap.pp_bnpl_bnpl.title).toBe("Pay in installments")
  })

  it("tell the developer what to do when the provider is missing", () => {
    expect(() => renderToString(h(BnplReturn, { placeOrder }))).toThrow(/wrap the storefront in <BnplProvider/)
  })
})

describe("the kit's styles", () => {
  // The starter's Tailwind build scans only the starter's own files: a class it never writes does not exist there.
  it("use only class names that Medusa's starter itself writes", () => {
    const starter = resolve(__dirname, "../../../integration-tests/browser/storefront-app/src")
    const starterClasses = new Set<string>()
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name))
        else if (/\.(tsx?|css)$/.test(entry.name))
          for (const token of readFileSync(join(dir, entry.name), "utf8").split(/[\s"'`{}()]+/)) starterClasses.add(token)
      }
    }
    walk(starter)
    const kit = resolve(__dirname, "../react")
    const kitClasses = readdirSync(kit).flatMap((file) => {
      const source = readFileSync(join(kit, file), "utf8")
      const literals = [...source.matchAll(/className="([^"]+)"/g), ...source.matchAll(/^export const [A-Z]+ =\s*"([^"]+)"/gm)]
      return literals.flatMap(([, classes]) => classes.split(/\s+/))
    })
    expect(kitClasses.length).toBeGreaterThan(20)
    expect(kitClasses.filter((name) => !starterClasses.has(name))).toEqual([])
  })
})
