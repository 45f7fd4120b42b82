import { parseOptions } from "../options"

const valid = {
  authUrl: "https://auth.example.test/api/",
  baseUrl: "https://pos.example.test",
  apiToken: "SECRET-API-TOKEN",
  merchantId: 1001,
  shopId: "shop-1",
  storefrontUrl: "https://shop.example.test",
  backendUrl: "https://api.shop.example.test",
}

describe("provider options", () => {
  it("derives the return URLs and the webhook URL, and applies defaults", () => {
    const options = parseOptions(valid, {})
    expect(options).toMatchObject({
      authUrl: "https://auth.example.test/api",
      successUrl: "https://shop.example.test/checkout/bnpl/success",
      errorUrl: "https://shop.example.test/checkout/bnpl/error",
      cartUrl: "https://shop.example.test/cart",
      webHookUrl: "https://api.shop.example.test/hooks/bnpl",
      webhookAuth: "none",
      currencies: ["mxn"],
      timeoutMs: 10_000,
      autoCapture: true,
      reconcileGraceSeconds: 120,
      loanTimeoutHours: 12,
      reconcileConcurrency: 8,
    })
  })

  it("reads every option from its environment variable, and an explicit option wins", () => {
    const env = {
      BNPL_AUTH_URL: "https://env-auth.test/api",
      BNPL_BASE_URL: "https://env-pos.test",
      BNPL_API_TOKEN: "t",
      BNPL_MERCHANT_ID: "42",
      BNPL_SHOP_ID: "s",
      BNPL_STOREFRONT_URL: "https://env-shop.test",
      BNPL_SUCCESS_URL: "https://env-shop.test/thanks",
      BNPL_BACKEND_URL: "https://env-api.test",
      BNPL_CURRENCIES: "MXN, USD",
      BNPL_AUTO_CAPTURE: "true",
      BNPL_WEBHOOK_ALLOWED_IPS: "1.2.3.4,5.6.7.8",
    }
    const options = parseOptions({ shopId: "explicit" }, env)
    expect(options).toMatchObject({
      merchantId: 42,
      shopId: "explicit",
      successUrl: "https://env-shop.test/thanks",
      errorUrl: "https://env-shop.test/checkout/bnpl/error",
      currencies: ["mxn", "usd"],
      autoCapture: true,
      webhookAllowedIps: ["1.2.3.4", "5.6.7.8"],
    })
  })

  it("names every bad option with its environment variable, and never echoes a value", () => {
    let message = ""
    try {
      parseOptions({ ...valid, merchantId: "abc" as unknown as number, authUrl: "ftp://SECRET-API-TOKEN", backendUrl: undefined }, {})
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain("merchantId (BNPL_MERCHANT_ID)")
    expect(message).toContain("authUrl (BNPL_AUTH_URL)")
    expect(message).toContain("backendUrl (BNPL_BACKEND_URL)")
    expect(message).not.toContain("SECRET-API-TOKEN")
  })

  it("needs a webhook token for basic and bearer, and signs jwt with the API token by default", () => {
    expect(() => parseOptions({ ...valid, webhookAuth: "bearer" }, {})).toThrow("webhookToken (BNPL_WEBHOOK_TOKEN)")
    expect(parseOptions({ ...valid, webhookAuth: "jwt" }, {}).webhookToken).toBe("SECRET-API-TOKEN")
  })

  it("needs the return URLs when no storefront URL is given", () => {
    expect(() => parseOptions({ ...valid, storefrontUrl: undefined }, {})).toThrow("successUrl (BNPL_SUCCESS_URL)")
  })
})
