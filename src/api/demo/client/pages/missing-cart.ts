import { h, show } from "../dom"

export function missingCart(app: HTMLElement): void {
  show(
    app,
    h(
      "section",
      { class: "card" },
      h("h1", {}, "No cart here"),
      h("p", { id: "error-message", class: "error" }, "This address has no cart_id. Start from the shop."),
      h("div", { class: "actions" }, h("a", { href: "/demo" }, "Go to the shop"))
    )
  )
}
