import type { ExecArgs } from "@medusajs/framework/types"
import { seedDemoStore } from "./demo-data"

/** `medusa exec ./src/scripts/seed.ts`: the demo store, once. Prints one JSON line for scripts/start.ts. */
export default async function seed({ container }: ExecArgs) {
  const admin = {
    email: process.env.ADMIN_EMAIL || "admin@example.com",
    password: process.env.ADMIN_PASSWORD || "supersecret",
  }
  const store = await seedDemoStore(container, admin)
  console.log(`BNPL_DEMO_STORE ${JSON.stringify({ ...store, adminEmail: admin.email })}`)
}
