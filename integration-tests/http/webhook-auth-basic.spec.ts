import { webhookAuthSuite } from "../helpers/webhook-auth-suite"

jest.setTimeout(90_000)

webhookAuthSuite("basic")
