import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { BnplProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [BnplProviderService],
})
